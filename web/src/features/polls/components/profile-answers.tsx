import { PROFILE_ANSWERS, type ProfileAnswers as Answers, type ProfileQuestion } from '@wfm/contracts/catalog/polls';
import { PROFILE_ANSWER_LABELS, PROFILE_QUESTION_LABELS } from '@wfm/contracts/catalog/labels';
import { Label, Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@wfm/ui';
import { useId } from 'react';

/** The poll's optional profile questions, answered before voting (each may be left blank). */
export function ProfileAnswers({
  questions,
  value,
  onChange,
}: {
  questions: readonly ProfileQuestion[];
  value: Answers;
  onChange: (value: Answers) => void;
}) {
  const id = useId();
  if (questions.length === 0) return null;
  return (
    <fieldset className="grid gap-3 rounded-md border border-border p-4">
      <legend className="px-1 text-sm font-medium">About you (optional)</legend>
      <p className="text-xs text-muted-foreground">
        Helps compare answers by group. Groups with fewer than 5 answers are never shown.
      </p>
      <div className="grid gap-3 sm:grid-cols-3">
        {questions.map((question) => (
          <div key={question} className="grid gap-1.5">
            <Label htmlFor={`${id}-${question}`}>{PROFILE_QUESTION_LABELS[question]}</Label>
            <Select
              value={value[question] ?? ''}
              onValueChange={(answer) => onChange({ ...value, [question]: answer })}
            >
              <SelectTrigger id={`${id}-${question}`}>
                <SelectValue placeholder="Prefer not to say" />
              </SelectTrigger>
              <SelectContent>
                {PROFILE_ANSWERS[question].map((answer) => (
                  <SelectItem key={answer} value={answer}>
                    {(PROFILE_ANSWER_LABELS[question] as Record<string, string>)[answer]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
