/** Every backend service: its folder/image name, Postgres schema, default port and event prefix. */
export const SERVICES = [
  { name: 'identity', schema: 'identity', port: 7101 },
  { name: 'forum', schema: 'forum', port: 7102 },
  { name: 'catalog', schema: 'catalog', port: 7103 },
  { name: 'ama-booking', schema: 'ama', port: 7104 },
  { name: 'jobs', schema: 'jobs', port: 7105 },
  { name: 'admin', schema: 'admin', port: 7106 },
] as const;

export type ServiceName = (typeof SERVICES)[number]['name'];
export type ServiceSchema = (typeof SERVICES)[number]['schema'];

export const GATEWAY_PORT = 8080;

export const STAFF_ROLES = ['Moderator', 'Admin', 'Super Admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
