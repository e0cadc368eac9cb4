import type { JSX, SVGProps } from 'react';

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'ref' | 'children' | 'dangerouslySetInnerHTML'>;
/** An icon of `@wfm/ui/icons`; what nav items, badges and chips hold. */
export type IconComponent = (props: IconProps) => JSX.Element;

/**
 * A lucide icon as compact inline SVG: `<svg class="icon" viewBox="0 0 24 24">` and lucide's paths,
 * which the build gives as `markup` (build/icon-markup.ts). Size, stroke and fill are the `.icon`
 * rule's in theme.css (lucide's own defaults: 24px, currentColor, width 2, round), which utilities
 * such as `size-4` override; `strokeWidth` sets the stroke's width inline. The paths are set as
 * markup, so React neither builds nor hydrates an element per path. Hidden from assistive
 * technology unless it is given a label, as lucide's are.
 */
export function inlineIcon(name: string, markup?: string): IconComponent {
  if (markup === undefined) throw new Error(`icon ${name} has no markup: load inlineIcons() from @wfm/ui/inline-icons in this Vite config`);
  const html = { __html: markup };
  function InlineIcon({ className, strokeWidth, style, ...rest }: IconProps) {
    const labelled = rest['aria-label'] !== undefined || rest['aria-labelledby'] !== undefined || rest.role !== undefined;
    return (
      <svg
        className={className ? `icon ${className}` : 'icon'}
        viewBox="0 0 24 24"
        style={strokeWidth === undefined ? style : { ...style, strokeWidth }}
        aria-hidden={labelled ? undefined : true}
        {...rest}
        dangerouslySetInnerHTML={html}
      />
    );
  }
  InlineIcon.displayName = name;
  return InlineIcon;
}

/** Every icon the apps draw, by lucide-react's names. */
export const AlertCircle = /* @__PURE__ */ inlineIcon('AlertCircle');
export const AlertTriangle = /* @__PURE__ */ inlineIcon('AlertTriangle');
export const Armchair = /* @__PURE__ */ inlineIcon('Armchair');
export const ArrowBigUp = /* @__PURE__ */ inlineIcon('ArrowBigUp');
export const ArrowLeft = /* @__PURE__ */ inlineIcon('ArrowLeft');
export const BadgeCheck = /* @__PURE__ */ inlineIcon('BadgeCheck');
export const Ban = /* @__PURE__ */ inlineIcon('Ban');
export const Banknote = /* @__PURE__ */ inlineIcon('Banknote');
export const BarChart3 = /* @__PURE__ */ inlineIcon('BarChart3');
export const Bell = /* @__PURE__ */ inlineIcon('Bell');
export const BellOff = /* @__PURE__ */ inlineIcon('BellOff');
export const Briefcase = /* @__PURE__ */ inlineIcon('Briefcase');
export const Building2 = /* @__PURE__ */ inlineIcon('Building2');
export const Calculator = /* @__PURE__ */ inlineIcon('Calculator');
export const Calendar = /* @__PURE__ */ inlineIcon('Calendar');
export const CalendarPlus = /* @__PURE__ */ inlineIcon('CalendarPlus');
export const CalendarX = /* @__PURE__ */ inlineIcon('CalendarX');
export const ChartColumn = /* @__PURE__ */ inlineIcon('ChartColumn');
export const Check = /* @__PURE__ */ inlineIcon('Check');
export const CheckCircle2 = /* @__PURE__ */ inlineIcon('CheckCircle2');
export const ChevronDown = /* @__PURE__ */ inlineIcon('ChevronDown');
export const CircleCheck = /* @__PURE__ */ inlineIcon('CircleCheck');
export const CircleHelp = /* @__PURE__ */ inlineIcon('CircleHelp');
export const CircleUserRound = /* @__PURE__ */ inlineIcon('CircleUserRound');
export const Clock = /* @__PURE__ */ inlineIcon('Clock');
export const Copy = /* @__PURE__ */ inlineIcon('Copy');
export const DatabaseBackup = /* @__PURE__ */ inlineIcon('DatabaseBackup');
export const Download = /* @__PURE__ */ inlineIcon('Download');
export const ExternalLink = /* @__PURE__ */ inlineIcon('ExternalLink');
export const Eye = /* @__PURE__ */ inlineIcon('Eye');
export const EyeOff = /* @__PURE__ */ inlineIcon('EyeOff');
export const FileJson = /* @__PURE__ */ inlineIcon('FileJson');
export const FileSpreadsheet = /* @__PURE__ */ inlineIcon('FileSpreadsheet');
export const FileText = /* @__PURE__ */ inlineIcon('FileText');
export const Flag = /* @__PURE__ */ inlineIcon('Flag');
export const Globe2 = /* @__PURE__ */ inlineIcon('Globe2');
export const GraduationCap = /* @__PURE__ */ inlineIcon('GraduationCap');
export const HardDrive = /* @__PURE__ */ inlineIcon('HardDrive');
export const History = /* @__PURE__ */ inlineIcon('History');
export const ImageIcon = /* @__PURE__ */ inlineIcon('ImageIcon');
export const ImageOff = /* @__PURE__ */ inlineIcon('ImageOff');
export const Inbox = /* @__PURE__ */ inlineIcon('Inbox');
export const KeyRound = /* @__PURE__ */ inlineIcon('KeyRound');
export const LifeBuoy = /* @__PURE__ */ inlineIcon('LifeBuoy');
export const Lightbulb = /* @__PURE__ */ inlineIcon('Lightbulb');
export const Link2 = /* @__PURE__ */ inlineIcon('Link2');
export const ListPlus = /* @__PURE__ */ inlineIcon('ListPlus');
export const Loader2 = /* @__PURE__ */ inlineIcon('Loader2');
export const LoaderCircle = /* @__PURE__ */ inlineIcon('LoaderCircle');
export const Lock = /* @__PURE__ */ inlineIcon('Lock');
export const LogIn = /* @__PURE__ */ inlineIcon('LogIn');
export const LogOut = /* @__PURE__ */ inlineIcon('LogOut');
export const MapPin = /* @__PURE__ */ inlineIcon('MapPin');
export const MessageCircleQuestion = /* @__PURE__ */ inlineIcon('MessageCircleQuestion');
export const MessageSquare = /* @__PURE__ */ inlineIcon('MessageSquare');
export const MessagesSquare = /* @__PURE__ */ inlineIcon('MessagesSquare');
export const Mic = /* @__PURE__ */ inlineIcon('Mic');
export const Minus = /* @__PURE__ */ inlineIcon('Minus');
export const MonitorCog = /* @__PURE__ */ inlineIcon('MonitorCog');
export const Moon = /* @__PURE__ */ inlineIcon('Moon');
export const Paperclip = /* @__PURE__ */ inlineIcon('Paperclip');
export const Pencil = /* @__PURE__ */ inlineIcon('Pencil');
export const Play = /* @__PURE__ */ inlineIcon('Play');
export const Plus = /* @__PURE__ */ inlineIcon('Plus');
export const RefreshCw = /* @__PURE__ */ inlineIcon('RefreshCw');
export const RotateCcw = /* @__PURE__ */ inlineIcon('RotateCcw');
export const ScrollText = /* @__PURE__ */ inlineIcon('ScrollText');
export const Search = /* @__PURE__ */ inlineIcon('Search');
export const Send = /* @__PURE__ */ inlineIcon('Send');
export const Share2 = /* @__PURE__ */ inlineIcon('Share2');
export const ShieldCheck = /* @__PURE__ */ inlineIcon('ShieldCheck');
export const SlidersHorizontal = /* @__PURE__ */ inlineIcon('SlidersHorizontal');
export const Square = /* @__PURE__ */ inlineIcon('Square');
export const SquarePen = /* @__PURE__ */ inlineIcon('SquarePen');
export const Sun = /* @__PURE__ */ inlineIcon('Sun');
export const Tag = /* @__PURE__ */ inlineIcon('Tag');
export const Ticket = /* @__PURE__ */ inlineIcon('Ticket');
export const Trash2 = /* @__PURE__ */ inlineIcon('Trash2');
export const TriangleAlert = /* @__PURE__ */ inlineIcon('TriangleAlert');
export const Upload = /* @__PURE__ */ inlineIcon('Upload');
export const UserCog = /* @__PURE__ */ inlineIcon('UserCog');
export const UserPlus = /* @__PURE__ */ inlineIcon('UserPlus');
export const UserRound = /* @__PURE__ */ inlineIcon('UserRound');
export const Users = /* @__PURE__ */ inlineIcon('Users');
export const UsersRound = /* @__PURE__ */ inlineIcon('UsersRound');
export const Video = /* @__PURE__ */ inlineIcon('Video');
export const Vote = /* @__PURE__ */ inlineIcon('Vote');
export const Wrench = /* @__PURE__ */ inlineIcon('Wrench');
export const X = /* @__PURE__ */ inlineIcon('X');
export const XCircle = /* @__PURE__ */ inlineIcon('XCircle');
