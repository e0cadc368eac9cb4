// Admin calls (staff, sessions, moderation lists, user profiles, backups).
export {};
