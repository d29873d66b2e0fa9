/** The viewer's views: its tabs, and what deep links (`view=`), tour steps and bundles name. */
export const VIEWS = ['log', 'surface', 'transcript', 'compare', 'diff', 'runs'] as const;
export type View = (typeof VIEWS)[number];
