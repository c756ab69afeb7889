/** What the navigation shows beside an entry: a number, and what it counts for screen readers. */
export interface ScreenBadge {
  readonly count: number;
  readonly label: string;
  /** Starts following the count; returns the function that stops. */
  start(): () => void;
}
