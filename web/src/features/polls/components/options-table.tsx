import type { PollOption } from '@wfm/contracts/catalog/polls';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@wfm/ui';

/** The text form of a poll's results: option, votes and share. */
export function OptionsTable({ caption, options }: { caption: string; options: readonly PollOption[] }) {
  return (
    <Table>
      <TableCaption className="sr-only">{caption}</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Option</TableHead>
          <TableHead className="text-right">Votes</TableHead>
          <TableHead className="text-right">Share</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {options.map((option) => (
          <TableRow key={option.id}>
            <TableCell className="break-words">{option.text}</TableCell>
            <TableCell className="text-right tabular-nums">{option.votes}</TableCell>
            <TableCell className="text-right tabular-nums">{option.percentage}%</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
