import {
  CENTRE_SIZES,
  POST_CHANNELS,
  POST_REGIONS,
  WFM_PLATFORMS,
  type CentreSize,
  type PostChannel,
  type PostRegion,
  type WfmPlatform,
} from '@wfm/contracts/forum';
import { CENTRE_SIZE_LABELS, POST_CHANNEL_LABELS, POST_REGION_LABELS, WFM_PLATFORM_LABELS } from '@wfm/contracts/forum/labels';
import { Label, Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@wfm/ui';

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

/** Select for "none" (the form) or "any" (the filters): Radix items need a non-empty value. */
const NONE = '__none__';

/** One select per WFM field, in a responsive grid. `noneLabel` names the empty choice. */
export function WfmFieldSelects({
  idPrefix,
  value,
  onChange,
  noneLabel,
}: {
  idPrefix: string;
  value: WfmValues;
  onChange: (next: WfmValues) => void;
  noneLabel: string;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {WFM_FIELDS.map((field) => {
        const id = `${idPrefix}-${field.key}`;
        const current = value[field.key];
        return (
          <div key={field.key} className="grid min-w-0 gap-1.5">
            <Label htmlFor={id}>{field.label}</Label>
            <Select
              value={current ?? NONE}
              onValueChange={(next) => onChange({ ...value, [field.key]: next === NONE ? undefined : next })}
            >
              <SelectTrigger id={id} className="w-full min-w-0">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NONE}>{noneLabel}</SelectItem>
                {field.values.map((option) => (
                  <SelectItem key={option} value={option}>
                    {(field.labels as Record<string, string>)[option]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        );
      })}
    </div>
  );
}
