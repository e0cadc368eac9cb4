import type { Dispatcher } from 'undici';
import type WebSocket from 'ws';
import { VISITOR_STANDING_PATH, VisitorStandingResponse } from '@wfm/contracts/identity';
import { SERVICES, type ServiceSchema } from '@wfm/contracts/shared';
import { createVisitorVerifier, visitorRealtimeAddress, type VisitorVerifier } from '@wfm/service-kit';

/** Where one socket's visitor is reachable: the gateway's room key and each service's address of it. */
interface Membership {
  room: string;
  addresses: string[];
  /** The token's revocation key (what identity.visitor.revoked names). */
  revocation: string;
}

const addressKey = (schema: ServiceSchema, address: string) => `${schema}:${address}`;

/**
 * The visitor rooms of one gateway replica. A socket whose hello carried a token identity issued
 * joins the room of that visitor, keyed by the gateway's own keyed hash of the visitor (a value no
 * service holds). Services address a visitor by their own realtime address of it; on join the room
 * is indexed under every service's address, so an event from any service finds it. Tokens are
 * checked locally with VISITOR_TOKEN_SECRET, never by a call.
 */
export class VisitorRooms {
  private readonly gatewayVisitor: VisitorVerifier;
  private readonly serviceVisitors: Array<[ServiceSchema, VisitorVerifier]>;
  private readonly rooms = new Map<string, Set<WebSocket>>();
  private readonly roomByAddress = new Map<string, string>();
  private readonly membership = new Map<WebSocket, Membership>();
  private readonly roomByRevocation = new Map<string, string>();

  constructor(secret: string) {
    this.gatewayVisitor = createVisitorVerifier(secret, 'gateway');
    this.serviceVisitors = SERVICES.map((s) => [s.schema, createVisitorVerifier(secret, s.name)]);
  }

  /** Sockets in some room. */
  get joined(): number {
    return this.membership.size;
  }

  /** The revocation key of a token identity issued (null for any other value). */
  revocationOf(token: unknown): string | null {
    return this.gatewayVisitor(token)?.revocation ?? null;
  }

  /**
   * Puts `socket` in the room of the token's visitor (leaving any room it was in) and answers true;
   * a token identity did not issue leaves the socket in no room and answers false. Whether the token
   * is still in good standing is the caller's check (RealtimeHub asks identity first).
   */
  join(socket: WebSocket, token: unknown): boolean {
    this.leave(socket);
    const visitor = this.gatewayVisitor(token);
    if (!visitor) return false;
    const room = visitor.key;
    let members = this.rooms.get(room);
    if (!members) {
      members = new Set();
      this.rooms.set(room, members);
    }
    members.add(socket);
    const addresses = this.serviceVisitors.map(([schema, verify]) => addressKey(schema, visitorRealtimeAddress(verify(token)!)));
    for (const address of addresses) this.roomByAddress.set(address, room);
    this.roomByRevocation.set(visitor.revocation, room);
    this.membership.set(socket, { room, addresses, revocation: visitor.revocation });
    return true;
  }

  /** The sockets in the room of the token whose revocation key is `revocation`, taken out of it. */
  removeRevoked(revocation: string): WebSocket[] {
    const room = this.roomByRevocation.get(revocation);
    const sockets = [...((room && this.rooms.get(room)) || [])];
    for (const socket of sockets) this.leave(socket);
    return sockets;
  }

  /** Takes `socket` out of its room; the last one out removes the room and its addresses. */
  leave(socket: WebSocket): void {
    const membership = this.membership.get(socket);
    if (!membership) return;
    this.membership.delete(socket);
    const members = this.rooms.get(membership.room);
    members?.delete(socket);
    if (members && members.size > 0) return;
    this.rooms.delete(membership.room);
    for (const address of membership.addresses) this.roomByAddress.delete(address);
    this.roomByRevocation.delete(membership.revocation);
  }

  /** The sockets of the visitor `schema`'s service calls `address` (none on this replica: empty). */
  socketsOf(schema: ServiceSchema, address: string): ReadonlySet<WebSocket> {
    const room = this.roomByAddress.get(addressKey(schema, address));
    return (room && this.rooms.get(room)) || new Set();
  }

  clear(): void {
    this.rooms.clear();
    this.roomByAddress.clear();
    this.roomByRevocation.clear();
    this.membership.clear();
  }
}

/** Longest the gateway waits for identity's answer about a token before counting it revoked. */
const STANDING_TIMEOUT_MS = 2_000;

/**
 * Asks identity (VISITOR_STANDING_PATH, its own table) whether a token is still in good standing.
 * Anything but a well-formed `good` answer is `revoked`; an unreachable identity throws (the hub
 * then keeps the socket public).
 */
export async function askVisitorStanding(identity: Dispatcher, token: string): Promise<'good' | 'revoked'> {
  const res = await identity.request({
    method: 'GET',
    path: VISITOR_STANDING_PATH,
    headers: { 'x-anon-token': token, accept: 'application/json' },
    headersTimeout: STANDING_TIMEOUT_MS,
    bodyTimeout: STANDING_TIMEOUT_MS,
  });
  if (res.statusCode !== 200) {
    await res.body.dump();
    return 'revoked';
  }
  const parsed = VisitorStandingResponse.safeParse(await res.body.json().catch(() => null));
  return parsed.success ? parsed.data.standing : 'revoked';
}
