/**
 * Europe/Paris wall clock of an instant, for the rules that speak of « today » and of start
 * minutes (spec 001 §5). Formatters are made once: the engine asks thousands of times per request.
 */
const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' });
const clockFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', hourCycle: 'h23', hour: '2-digit', minute: '2-digit' });

/** `YYYY-MM-DD` in Paris */
export const parisDay = (ms: number): string => dayFormat.format(ms);

/** `{ hours, minutes }` in Paris */
export function parisTime(ms: number): { hours: number; minutes: number } {
  const [h, m] = clockFormat.format(ms).split(':').map(Number);
  return { hours: h, minutes: m };
}
