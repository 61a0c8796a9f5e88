/** The clock is injected so that expiry rules are tested without waiting. */
export interface Clock { now(): Date }
export const systemClock: Clock = { now: () => new Date() };
