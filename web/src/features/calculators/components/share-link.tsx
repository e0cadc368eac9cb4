import { buttonClasses } from '@wfm/ui';
import { Share2 } from '@wfm/ui/icons';
import { Link } from '../../../lib/router.tsx';
import { shareHref, type CalculationCard } from '../../../lib/calculation-card.ts';

/** "Share to community": opens /new with a Question carrying this calculation as a card. */
export function ShareLink({ card, headline }: { card: CalculationCard; headline: string }) {
  return (
    <Link to={shareHref(card, headline)} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
      <Share2 className="size-4" aria-hidden="true" />
      Share to community
    </Link>
  );
}
