/** The time source of the app; tests pass their own to move time forward. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
