/** The entities of « Téléphonie » (spec 001 §3 « Telephony »): shared by the server, the remote and the tests. */
export * from './time-of-year.ts';
export * from './playlist.ts';
export * from './config.ts';
export * from './call.ts';
