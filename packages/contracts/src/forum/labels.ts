// What the web app shows for the forum's values; no call answers with these texts.
import type { CentreSize, PostChannel, PostRegion, PostType, WfmPlatform } from './posts.ts';
import type { ReportReason } from './reports.ts';
import type { SuggestionPriority } from './suggestions.ts';

/** What the /new page and the home buttons call each type. */
export const POST_TYPE_LABELS: Record<PostType, string> = {
  Question: 'Ask for Help',
  Idea: 'Share an Idea',
  Tool: 'Recommend Tool',
};

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  abusive: 'Abusive content',
  'off-topic': 'Off-topic',
  inappropriate: 'Inappropriate',
  other: 'Other',
};

export const SUGGESTION_PRIORITY_LABELS: Record<SuggestionPriority, string> = {
  Low: 'Low - Nice to have',
  Medium: 'Medium - Would be helpful',
  High: 'High - Really need this',
};

/** WFM post fields (issue 16): what the form, the chips and the feed filters call each value. */
export const POST_CHANNEL_LABELS: Record<PostChannel, string> = {
  voice: 'Voice',
  chat: 'Chat',
  email: 'Email',
  social: 'Social',
  'back-office': 'Back office',
};

export const WFM_PLATFORM_LABELS: Record<WfmPlatform, string> = {
  'nice-iex': 'NICE IEX',
  verint: 'Verint',
  calabrio: 'Calabrio',
  genesys: 'Genesys',
  aspect: 'Aspect',
  teleopti: 'Teleopti',
  'in-house': 'In-house',
  other: 'Other platform',
};

export const CENTRE_SIZE_LABELS: Record<CentreSize, string> = {
  'under-50': 'Under 50 agents',
  '50-249': '50–249 agents',
  '250-999': '250–999 agents',
  '1000-4999': '1,000–4,999 agents',
  '5000-plus': '5,000+ agents',
};

/** Each region with the span of UTC offsets it covers (standard time). */
export const POST_REGION_LABELS: Record<PostRegion, string> = {
  'north-america': 'North America (UTC−10 to −4)',
  'latin-america': 'Latin America (UTC−6 to −3)',
  'uk-ireland': 'UK & Ireland (UTC+0)',
  europe: 'Europe (UTC+1 to +3)',
  'middle-east-africa': 'Middle East & Africa (UTC+0 to +4)',
  'south-asia': 'South Asia (UTC+5 to +6)',
  'asia-pacific': 'Asia Pacific (UTC+7 to +9)',
  'australia-nz': 'Australia & NZ (UTC+8 to +13)',
};
