import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { staffOnly, type ServiceRoutes } from '@wfm/service-kit';
import {
  Booking,
  BookingCounts,
  BookingIdParams,
  BookingStatusBody,
  BulkBookingsBody,
  BulkBookingsResponse,
  DeleteResponse,
  SeatBody,
  SessionIdParams,
  StaffBookingsResponse,
  WaitlistResponse,
} from '@wfm/contracts/ama';
import type { AmaContext } from '../context.ts';
import { ErrorResponse, STAFF_ERRORS } from '../common/common-route-errors.ts';
import * as bookings from './bookings-service.ts';

const CHANGE_ERRORS = { ...STAFF_ERRORS, 409: ErrorResponse } as const;

/** The ama-bookings tab's calls (Admin and Super Admin). */
export const bookingStaffRoutes: ServiceRoutes<AmaContext> = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/ama/sessions/:id/bookings',
    { ...staffOnly(app, 'bookings'), schema: { params: SessionIdParams, response: { 200: StaffBookingsResponse, ...STAFF_ERRORS } } },
    async (req) => bookings.staffList(ctx, req.params.id),
  );

  app.get(
    '/api/admin/ama/sessions/:id/bookings/counts',
    { ...staffOnly(app, 'bookings'), schema: { params: SessionIdParams, response: { 200: BookingCounts, ...STAFF_ERRORS } } },
    async (req) => bookings.staffCounts(ctx, req.params.id),
  );

  app.get(
    '/api/admin/ama/sessions/:id/waitlist',
    { ...staffOnly(app, 'bookings'), schema: { params: SessionIdParams, response: { 200: WaitlistResponse, ...STAFF_ERRORS } } },
    async (req) => bookings.staffWaitlist(ctx, req.params.id),
  );

  app.put(
    '/api/admin/ama/bookings/:id/status',
    {
      ...staffOnly(app, 'bookings'),
      schema: { params: BookingIdParams, body: BookingStatusBody, response: { 200: Booking, ...CHANGE_ERRORS } },
    },
    async (req) => bookings.setBookingStatus(ctx, req.staff!, req.params.id, req.body.booking_status),
  );

  app.post(
    '/api/admin/ama/bookings/bulk',
    {
      ...staffOnly(app, 'bookings'),
      schema: { body: BulkBookingsBody, response: { 200: BulkBookingsResponse, ...STAFF_ERRORS } },
    },
    async (req) => bookings.bulkChange(ctx, req.staff!, req.body),
  );

  app.put(
    '/api/admin/ama/bookings/:id/seat',
    { ...staffOnly(app, 'bookings'), schema: { params: BookingIdParams, body: SeatBody, response: { 200: Booking, ...CHANGE_ERRORS } } },
    async (req) => bookings.assignSeat(ctx, req.staff!, req.params.id, req.body.seat_number),
  );

  app.delete(
    '/api/admin/ama/bookings/:id',
    { ...staffOnly(app, 'bookings'), schema: { params: BookingIdParams, response: { 200: DeleteResponse, ...STAFF_ERRORS } } },
    async (req) => bookings.deleteBooking(ctx, req.staff!, req.params.id),
  );
};
