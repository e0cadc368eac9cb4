import { PREVIEW_LENGTH } from '../config/constants.ts';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Epoch ms as "Mar 4, 2026, 9:05 AM"; "Invalid Date" for a value that is not a time. */
export function formatDateTime(ms: number): string {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? 'Invalid Date' : dateTime.format(date);
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** Bytes as "512 B", "1.5 KB", "12.3 MB" (1 KB = 1024 B). */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(value < 10 ? 2 : 1)} ${UNITS[unit]}`;
}

/** The first PREVIEW_LENGTH characters of a text, with "…" when it was cut. */
export function preview(text: string, length = PREVIEW_LENGTH): string {
  const chars = Array.from(text);
  return chars.length > length ? `${chars.slice(0, length).join('')}…` : text;
}
