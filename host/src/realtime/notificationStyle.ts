/** How a live notification looks: its style as a Mantine colour, its timeToLive as autoClose. */

/** The server's styles (schemas README « Notification », server/src/notifications/notification.ts) as Mantine colours. */
const COLORS: Record<string, string> = {
  primary: 'indigo',
  secondary: 'gray',
  success: 'teal',
  danger: 'red',
  warning: 'orange',
  info: 'blue',
  light: 'gray',
  dark: 'dark',
};

export function colorOf(style: string | undefined): string {
  return COLORS[style ?? ''] ?? COLORS.primary;
}

/** timeToLive ms on screen; 0 (or less) stays until closed. */
export function autoCloseOf(timeToLive: number | undefined): number | false {
  return typeof timeToLive === 'number' && timeToLive > 0 ? timeToLive : false;
}
