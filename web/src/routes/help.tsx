import { HelpPage } from '../features/help/components/help-page.tsx';
import { usePageTitle } from '../hooks/use-page-title.ts';

export default function HelpRoute() {
  usePageTitle('Need Help?');
  return <HelpPage />;
}
