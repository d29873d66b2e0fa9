/** Reading and patching the tour slice (src/store/tour-slice.ts), for the player, the recorder and tour I/O. */
import { useApp } from '../store/store';
import type { TourState } from '../store/tour-slice';

export function useTour<T>(pick: (s: TourState) => T): T {
  return useApp((s) => pick(s.tour));
}

export function tourState(): TourState {
  return useApp.getState().tour;
}

export function setTour(patch: Partial<TourState>): void {
  useApp.setState((s) => ({ tour: { ...s.tour, ...patch } }));
}

/** The tour editor opens in the column the sessions drawer covers, so opening it closes the drawer. */
export function setTourPanel(panel: boolean): void {
  setTour({ panel });
  if (panel && useApp.getState().library.drawer) useApp.setState((s) => ({ library: { ...s.library, drawer: false } }));
}
export function setTourError(error: string | undefined): void { setTour({ error }); }
