import { CENTRE_SIZES, POST_CHANNELS, POST_REGIONS, WFM_PLATFORMS, type CentreSize, type PostChannel, type PostRegion, type WfmPlatform } from '@wfm/contracts/forum/posts';
import { CENTRE_SIZE_LABELS, POST_CHANNEL_LABELS, POST_REGION_LABELS, WFM_PLATFORM_LABELS } from '@wfm/contracts/forum/labels';

/** The optional WFM fields of a post (issue 16), as the post form, the feed filters and the chips name them. */
export type WfmValues = {
  channel?: PostChannel | undefined;
  platform?: WfmPlatform | undefined;
  centre_size?: CentreSize | undefined;
  region?: PostRegion | undefined;
};
export type WfmKey = keyof WfmValues;

interface WfmField<K extends WfmKey> {
  key: K;
  label: string;
  values: readonly NonNullable<WfmValues[K]>[];
  labels: Record<NonNullable<WfmValues[K]>, string>;
}

export const WFM_FIELDS = [
  { key: 'channel', label: 'Channel', values: POST_CHANNELS, labels: POST_CHANNEL_LABELS } satisfies WfmField<'channel'>,
  { key: 'platform', label: 'WFM platform', values: WFM_PLATFORMS, labels: WFM_PLATFORM_LABELS } satisfies WfmField<'platform'>,
  { key: 'centre_size', label: 'Centre size', values: CENTRE_SIZES, labels: CENTRE_SIZE_LABELS } satisfies WfmField<'centre_size'>,
  { key: 'region', label: 'Region / time zone', values: POST_REGIONS, labels: POST_REGION_LABELS } satisfies WfmField<'region'>,
] as const;

/** The label of a field's value (e.g. platform nice-iex -> NICE IEX). */
export function wfmLabel(key: WfmKey, value: string): string {
  const field = WFM_FIELDS.find((f) => f.key === key)!;
  return (field.labels as Record<string, string>)[value] ?? value;
}

/** Only the known values of `source` (an address's query, a stored post): anything else is dropped. */
export function pickWfmValues(get: (key: WfmKey) => string | null | undefined): WfmValues {
  const out: Record<string, string> = {};
  for (const field of WFM_FIELDS) {
    const value = get(field.key);
    if (value && (field.values as readonly string[]).includes(value)) out[field.key] = value;
  }
  return out as WfmValues;
}
