/** The view slice: which view is shown and the reader's UI toggles; none of it is session-scoped. */
import type { StateCreator } from 'zustand';
import type { View } from '../core/view';
import type { AppState } from './store';

export interface ViewSlice {
  view: View;
  showHelp: boolean;
  /** The Inspector is collapsed to a strip (button, `i`). */
  inspectorCollapsed: boolean;
  /** True when the reader turned Follow cursor off (the views keep the cursor's item in view). */
  followOff?: boolean;
}

export const createViewSlice: StateCreator<AppState, [], [], ViewSlice> = () => ({ view: 'log', showHelp: false, inspectorCollapsed: false });
