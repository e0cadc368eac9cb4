import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse } from '@wfm/contracts/shared';
import {
  ADMIN_AUTH_MESSAGES,
  AdminLoginBody,
  AdminLoginResponse,
  AdminLogoutResponse,
  StaffLoginStatus,
  StaffLoginIdentity,
} from '@wfm/contracts/admin';
import { unauthorized, type ServiceRoutes } from '@wfm/service-kit';
import { pressureAddressKeys } from '@wfm/service-kit/pressure';
import type { AdminContext } from '../context.ts';
import * as auth from './logins-service.ts';
import { clearLoginCookie, loginIdFrom, setLoginCookie } from './logins-cookie.ts';
import { deviceCookieFrom, setDeviceCookie } from './logins-device.ts';

/** Staff login ids travel in cookies, never in URLs; answers carrying one are never cached. */
const NO_STORE = 'no-store';

/** Login, logout, the staff login probe (/api/admin/session), and the gateway's session check. */
export const loginsRoutes: ServiceRoutes<AdminContext> = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/admin/login',
    {
      schema: {
        body: AdminLoginBody,
        response: { 200: AdminLoginResponse, 400: ErrorResponse, 401: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      try {
        // IPv4 address, or the /64 of an IPv6 one (a subscriber can pick any address in it); the
        // per-username ceiling looks at the /48 (a host given a /48 can pick any /64 in it).
        const { address, network } = pressureAddressKeys(request.ip);
        const { loginId, username, role, device } = await auth.login(ctx, {
          username: request.body.username,
          password: request.body.password,
          ip: address,
          network: network ?? address,
          device: deviceCookieFrom(request),
          previousLoginId: loginIdFrom(request),
        });
        setLoginCookie(request, reply, loginId);
        setDeviceCookie(request, reply, device);
        reply.header('cache-control', NO_STORE);
        return { username, role };
      } catch (err) {
        if (err instanceof auth.LoginBlocked) reply.header('retry-after', err.retryAfterSeconds);
        throw err;
      }
    },
  );

  app.post(
    '/api/admin/logout',
    { schema: { response: { 200: AdminLogoutResponse } } },
    async (request, reply) => {
      await auth.logout(ctx, loginIdFrom(request));
      clearLoginCookie(request, reply);
      return { success: true as const };
    },
  );

  app.get(
    '/api/admin/session',
    { schema: { response: { 200: StaffLoginStatus } } },
    async (request, reply) => {
      const staff = await auth.loginStaff(ctx, loginIdFrom(request));
      reply.header('cache-control', NO_STORE);
      return staff
        ? { authenticated: true, username: staff.username, role: staff.role }
        : { authenticated: false, username: null, role: null };
    },
  );

  // Asked by the gateway on every staff call; the gateway answers 404 to clients for /internal/*.
  app.get(
    '/internal/staff-session',
    { schema: { response: { 200: StaffLoginIdentity, 401: ErrorResponse } } },
    async (request) => {
      const staff = await auth.loginStaff(ctx, loginIdFrom(request));
      if (!staff) throw unauthorized(ADMIN_AUTH_MESSAGES.authenticationRequired);
      return staff;
    },
  );
};
