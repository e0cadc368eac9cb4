import { Card, CardContent, CardHeader, CardTitle } from '@wfm/ui';
import { LifeBuoy, MessageSquare } from '@wfm/ui/icons';
import { Link } from '../../../lib/router.tsx';
import { paths } from '../../../config/paths.ts';
import { HELP_RESPONSE_TIMES } from '../lib/help-options.ts';
import { HelpRequestForm } from './help-form.tsx';

const FAQ = [
  {
    q: 'Do I need an account to post?',
    a: 'No. You can browse, post and comment anonymously; a username is optional and kept on this device.',
  },
  { q: 'How do I change my username?', a: 'Pick a new one from the welcome prompt; names are unique and checked as you type.' },
  { q: 'Are the calculators saved anywhere?', a: 'No. They run in your browser; nothing is sent unless you share a result to the community.' },
  { q: 'How do I report a post?', a: 'Open the post and use Report; moderators review every report.' },
];

/** /help: the request form beside the FAQ and other ways to get help. */
export function HelpPage() {
  return (
    <section className="grid w-full gap-5">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">Need Help?</h1>
        <p className="text-muted-foreground">Send us a request and we will answer with a ticket reference.</p>
      </div>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <HelpRequestForm />
        <div className="grid content-start gap-5">
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2 text-base">
                <MessageSquare className="size-4" aria-hidden="true" />
                Frequently asked questions
              </CardTitle>
            </CardHeader>
            <CardContent className="grid gap-3">
              {FAQ.map((item) => (
                <details key={item.q} className="group rounded-md border border-border p-3">
                  <summary className="cursor-pointer text-sm font-medium">{item.q}</summary>
                  <p className="mt-2 text-sm text-muted-foreground">{item.a}</p>
                </details>
              ))}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2 text-base">
                <LifeBuoy className="size-4" aria-hidden="true" />
                Other ways to get help
              </CardTitle>
            </CardHeader>
            <CardContent className="grid gap-3 text-sm">
              <p>
                Ask the community: <Link className="font-medium text-primary underline" to={`${paths.newPost.getHref()}?type=Question`}>post a question</Link>.
              </p>
              <p>Response times by priority:</p>
              <ul className="grid gap-1 text-muted-foreground">
                {Object.entries(HELP_RESPONSE_TIMES).map(([priority, time]) => (
                  <li key={priority}>
                    <strong className="text-foreground">{priority}</strong>: {time}
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        </div>
      </div>
    </section>
  );
}
