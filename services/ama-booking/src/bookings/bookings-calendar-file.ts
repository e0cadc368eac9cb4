/** An iCalendar (RFC 5545) file for one booked session: times in UTC, the zoom link as location and URL. */

const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** TEXT escaping of RFC 5545 §3.3.11. */
const text = (value: string) => value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Lines longer than 75 octets are folded (RFC 5545 §3.1). */
function fold(line: string): string {
  const bytes = Buffer.from(line);
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const ch of line) {
    const n = Buffer.byteLength(ch);
    if (size + n > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += ch;
    size += n;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export interface CalendarSession {
  id: number;
  title: string;
  description: string;
  host_name: string;
  scheduled_time: number;
  duration_minutes: number;
  zoom_link: string | null;
}

export function calendarFile(session: CalendarSession, booking: { booking_reference: string }, now: number, host = 'wfm-community'): string {
  const end = session.scheduled_time + session.duration_minutes * 60_000;
  const description = [
    session.description,
    `Host: ${session.host_name}`,
    session.zoom_link ? `Join: ${session.zoom_link}` : '',
    `Booking reference: ${booking.booking_reference}`,
  ]
    .filter(Boolean)
    .join('\n');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//WFM Community//AMA Sessions//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:ama-${session.id}-${booking.booking_reference}@${host}`,
    `DTSTAMP:${stamp(now)}`,
    `DTSTART:${stamp(session.scheduled_time)}`,
    `DTEND:${stamp(end)}`,
    `SUMMARY:${text(`AMA: ${session.title}`)}`,
    `DESCRIPTION:${text(description)}`,
    ...(session.zoom_link ? [`LOCATION:${text(session.zoom_link)}`, `URL:${session.zoom_link}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
