import { Button, toast } from '@wfm/ui';
import { Copy, Download } from '@wfm/ui/icons';

/** The file a downloaded phrase is saved as. */
export const RECOVERY_FILE_NAME = 'wfm-community-recovery-phrase.txt';

function download(phrase: string, username: string | null) {
  const text = [
    'WFM Community recovery phrase',
    username ? `Username: ${username}` : null,
    '',
    phrase,
    '',
    'On another device choose "I already have a username" and enter these 12 words.',
    'Anyone with these words can post as you. Keep them private.',
    '',
  ]
    .filter((line) => line !== null)
    .join('\n');
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = RECOVERY_FILE_NAME;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The 12 words, numbered, with Copy and Download. Shown once: the server never gives them again. */
export function RecoveryPhraseView({ phrase, username }: { phrase: string; username: string | null }) {
  const words = phrase.split(' ');
  async function copy() {
    try {
      await navigator.clipboard.writeText(phrase);
      toast({ title: 'Recovery phrase copied', description: 'Keep it somewhere safe and private.' });
    } catch {
      toast({ variant: 'destructive', title: 'Copy failed', description: 'Select the words and copy them, or download them.' });
    }
  }
  return (
    <div className="grid gap-3">
      <ol
        className="grid grid-cols-2 gap-2 rounded-lg border border-border bg-muted/40 p-3 font-mono text-sm sm:grid-cols-3"
        aria-label="Recovery phrase"
        data-testid="recovery-phrase"
      >
        {words.map((word, i) => (
          <li key={i} className="flex gap-2">
            <span className="w-5 text-right text-muted-foreground select-none">{i + 1}.</span>
            <span>{word}</span>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={copy}>
          <Copy aria-hidden="true" />
          Copy
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={() => download(phrase, username)}>
          <Download aria-hidden="true" />
          Download
        </Button>
      </div>
    </div>
  );
}
