/**
 * Follow cursor (issue 14): whether the views keep the cursor's item in view as the cursor moves.
 * A slice of the app store; on by default (the field is set only when the reader turns it off).
 */
import { useApp } from './store';

export interface FollowSlice {
  /** True when the reader turned Follow cursor off. */
  followOff?: boolean;
}

export function setFollow(on: boolean): void {
  useApp.setState({ followOff: !on });
}

/** Whether Follow cursor is on. */
export function useFollow(): boolean {
  return useApp((s) => !s.followOff);
}
