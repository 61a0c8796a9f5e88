/**
 * What the tests of « Réservations » share: a kernel with contacts, catalogue, invoicing and
 * booking on a clock the test moves, helpers over the API, row counts to prove a refusal wrote nothing.
 */
import path from 'node:path';
import { expect } from 'chai';
import { createTestKernel, type TestHttp, type TestKernel } from '@comptoir/sdk/testing';
import type { ReservableRoom, ReservableRoomBooker, ReservableRoomBooking } from '../schemas/index.ts';

const pluginsRoot = path.resolve(import.meta.dirname, '..', '..');
export const PLUGINS = ['contacts', 'catalogue', 'invoicing', 'booking'].map((id) => path.join(pluginsRoot, id));

/** a clock tests set: `clock.at = '2026-12-01T08:00:00Z'` */
export const clock = { at: '2026-11-30T07:00:00.000Z' };
export const bootKernel = (plugins = PLUGINS): Promise<TestKernel> => createTestKernel({ plugins, now: () => new Date(clock.at) });

export const API = '/api/booking';
export const unknownId = '0123456789abcdef01234567';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers are arbitrary JSON
export async function ok<T = any>(answer: Promise<{ status: number; body: any }> | { status: number; body: any }, status = 200): Promise<T> {
  const res = await answer;
  expect(res.status, JSON.stringify(res.body)).to.equal(status);
  return res.body as T;
}

export const EVERY_DAY = ['MONDAY', 'TUESDAY', 'WENESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];
export const hours = (start: number, end: number) => [{ days: EVERY_DAY, openTimes: [{ start: { hours: start, minutes: 0 }, end: { hours: end, minutes: 0 } }] }];

export const createBooker = (http: TestHttp, name = 'Adulte', body: Record<string, unknown> = {}) =>
  ok<ReservableRoomBooker>(http.post(`${API}/bookers`, { name, ...body }), 201);

/** a room with its own hours, 09:00–18:00 every day unless given */
export const createRoom = (http: TestHttp, body: Record<string, unknown> = {}) =>
  ok<ReservableRoom>(http.post(`${API}/rooms`, { name: 'Salle Molière', useEstablishmentHours: false, regularHours: hours(9, 18), ...body }), 201);

export const book = (http: TestHttp, room: string, booker: string, startDate: string, body: Record<string, unknown> = {}) =>
  http.post(`${API}/bookings`, { name: 'Claire Dubois', startDate, slots: 1, quantity: [{ booker, quantity: 1 }], fk: { room }, ...body });

export const booked = async (http: TestHttp, room: string, booker: string, startDate: string, body: Record<string, unknown> = {}) =>
  ok<ReservableRoomBooking>(book(http, room, booker, startDate, body), 201);

export const availability = (http: TestHttp, room: string, query: Record<string, unknown>) =>
  http.get(`${API}/rooms/${room}/availability`, { query: query as Record<string, string> });

export const TABLES = ['booking_rooms', 'booking_bookers', 'booking_bookings', 'invoicing_invoices', 'invoicing_quotations', 'kernel_mail_queue'];

export async function rowCounts(k: TestKernel): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of TABLES) {
    const [{ n }] = await k.db(t).count({ n: '*' });
    out[t] = Number(n);
  }
  return out;
}
