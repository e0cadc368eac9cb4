import { isHttpUrl, POST_LIMITS, POST_MESSAGES, POST_TYPES, splitTags, type Attachment, type PostType } from '@wfm/contracts/forum/posts';
import {
  Button,
  buttonClasses,
  Card,
  Checkbox,
  Input,
  Label,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  toast,
} from '@wfm/ui';
import { UserRound } from '@wfm/ui/icons';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';
import { Link, useNavigate, useSearchParams } from '../../../lib/router.tsx';
import { WfmFieldSelects } from '../../../components/wfm-field-selects.tsx';
import type { WfmValues } from '../../../components/wfm-fields.tsx';
import { paths } from '../../../config/paths.ts';
import { errorToast } from '../../../lib/error-toast.ts';
import { ANONYMOUS } from '@wfm/contracts/shared/common';
import { useDisplayName } from '../../../lib/user-profile.ts';
import { useCreatePost } from '../api/create-post.ts';
import { POST_TEMPLATES } from '../data/post-templates.ts';
import { suggestTags } from '../data/tag-suggestions.ts';
import { CREATE_POST_TOASTS } from '../messages.ts';
import { hasAcceptedTerms, rememberTermsAcceptance } from '../terms-acceptance.ts';
import { AttachmentPicker } from './attachment-picker.tsx';
import { ContentEditor, counterText } from './content-editor.tsx';
import { PostTypePicker } from './post-type-picker.tsx';
import { SimilarQuestions } from './similar-questions.tsx';

/**
 * The terms of posting (a native `<dialog>` and the nine sections' text): fetched only for a visitor
 * who has not accepted them, and then before the page first renders (app/router.tsx preloads it beside
 * the page's code), so the modal still shows with the form and no click lands on the form first; a
 * returning visitor never loads it (issue 27 item 4).
 */
export const TermsModal = lazyDialog(async () => (await import('./terms-modal.tsx')).TermsModal);

/** `?type=idea` / `tool` / `question` (any case) preselects the type; Question otherwise. */
export function typeFromQuery(value: string | null): PostType {
  return POST_TYPES.find((type) => type.toLowerCase() === value?.trim().toLowerCase()) ?? 'Question';
}

function addTag(tags: string, tag: string): string {
  return [...splitTags(tags), tag].join(', ');
}

export function CreatePostForm() {
  const [searchParams] = useSearchParams();
  const queryType = searchParams.get('type');
  const navigate = useNavigate();
  const id = useId();

  const [termsOpen, setTermsOpen] = useState(() => !hasAcceptedTerms());
  const [type, setType] = useState<PostType>(() => typeFromQuery(queryType));
  const [template, setTemplate] = useState('');
  // A calculator's "Share to community" link prefills the post (title, body with its card, tags).
  const [title, setTitle] = useState(() => searchParams.get('title') ?? '');
  const [body, setBody] = useState(() => searchParams.get('body') ?? '');
  const [tags, setTags] = useState(() => searchParams.get('tags') ?? '');
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [uploading, setUploading] = useState(false);
  const [toolName, setToolName] = useState('');
  const [toolUrl, setToolUrl] = useState('');
  const [toolUrlError, setToolUrlError] = useState(false);
  const [anonymous, setAnonymous] = useState(false);
  const [wfm, setWfm] = useState<WfmValues>({});
  const { displayName, isLoading: nameLoading } = useDisplayName();
  const create = useCreatePost();
  const submitting = useRef(false);

  useEffect(() => setType(typeFromQuery(queryType)), [queryType]);

  const suggestions = tags.trim() === '' ? suggestTags(title) : [];
  const author = anonymous ? ANONYMOUS : displayName;
  const publishDisabled = create.isPending || uploading || title.trim() === '' || body.trim() === '';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (publishDisabled || submitting.current) return;
    const url = type === 'Tool' ? toolUrl.trim() : '';
    if (url && !isHttpUrl(url)) {
      setToolUrlError(true);
      document.getElementById(`${id}-tool-url`)?.focus();
      return;
    }
    submitting.current = true;
    create.mutate(
      {
        type,
        title: title.trim(),
        body: body.trim(),
        tags: splitTags(tags).join(','),
        author_name: author,
        tool_links: JSON.stringify(url ? [{ name: toolName.trim(), url }] : []),
        attachments: JSON.stringify(attachments),
        status: 'open',
        isAnonymous: anonymous,
        ...wfm,
      },
      {
        onSuccess: ({ id: postId, held, message }) => {
          // A held post has no page until a moderator releases it.
          if (held) {
            toast(CREATE_POST_TOASTS.held(message ?? ''));
            navigate(paths.home.getHref());
            return;
          }
          toast(CREATE_POST_TOASTS.created);
          navigate(paths.post.getHref(postId));
        },
        onError: (error) => {
          submitting.current = false;
          toast(errorToast(CREATE_POST_TOASTS.createFailed.title, error, CREATE_POST_TOASTS.createFailed.fallback));
        },
      },
    );
  };

  return (
    <>
      <TermsModal
        open={termsOpen}
        onAccept={() => {
          rememberTermsAcceptance();
          setTermsOpen(false);
        }}
        onCancel={() => navigate(paths.home.getHref())}
      />
      <Card className="p-4 sm:p-6">
        <form onSubmit={onSubmit} className="grid gap-6" aria-label="Create post" noValidate>
          <PostTypePicker value={type} onChange={setType} />

          <div className="grid gap-2">
            <Label htmlFor={`${id}-template`}>Template (optional)</Label>
            <Select
              value={template}
              onValueChange={(value) => {
                setTemplate(value);
                const chosen = POST_TEMPLATES.find((t) => t.id === value);
                if (chosen) setBody(chosen.body);
              }}
            >
              <SelectTrigger id={`${id}-template`} className="sm:max-w-sm">
                <SelectValue placeholder="Start from a template" />
              </SelectTrigger>
              <SelectContent>
                {POST_TEMPLATES.map((t) => (
                  <SelectItem key={t.id} value={t.id}>
                    {t.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>

          <div className="grid gap-2">
            <Label htmlFor={`${id}-title`}>Title</Label>
            <Input
              id={`${id}-title`}
              value={title}
              onChange={(event) => setTitle(event.target.value)}
              maxLength={POST_LIMITS.title}
              placeholder="A clear, specific title"
              aria-describedby={`${id}-title-counter`}
            />
            <p id={`${id}-title-counter`} className="text-xs text-muted-foreground tabular-nums">
              {counterText(title.length, POST_LIMITS.title)}
            </p>
            <SimilarQuestions title={title} id={`${id}-similar`} />
          </div>

          <ContentEditor value={body} onChange={setBody} />

          <div className="grid gap-2">
            <Label htmlFor={`${id}-tags`}>Tags</Label>
            <Input
              id={`${id}-tags`}
              value={tags}
              onChange={(event) => setTags(event.target.value)}
              placeholder="e.g. forecasting, erlang"
              aria-describedby={`${id}-tags-hint`}
            />
            <p id={`${id}-tags-hint`} className="text-xs text-muted-foreground">
              Separate tags with commas.
            </p>
            {suggestions.length > 0 && (
              <div className="flex flex-wrap items-center gap-2" aria-label="Suggested tags" role="group">
                <span className="text-xs text-muted-foreground">Suggested tags:</span>
                {suggestions.map((tag) => (
                  <Button key={tag} variant="secondary" size="sm" className="h-7 rounded-full" onClick={() => setTags(addTag(tags, tag))}>
                    #{tag}
                  </Button>
                ))}
              </div>
            )}
          </div>

          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Contact centre (optional)</legend>
            <p className="text-xs text-muted-foreground">Helps people with the same setup find your post.</p>
            <WfmFieldSelects idPrefix={`${id}-wfm`} value={wfm} onChange={setWfm} noneLabel="Not specified" />
          </fieldset>

          <AttachmentPicker attachments={attachments} onChange={setAttachments} onBusyChange={setUploading} />

          {type === 'Tool' && (
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="grid gap-2">
                <Label htmlFor={`${id}-tool-name`}>Tool name</Label>
                <Input
                  id={`${id}-tool-name`}
                  value={toolName}
                  onChange={(event) => setToolName(event.target.value)}
                  maxLength={POST_LIMITS.toolName}
                  placeholder="e.g. Erlang C calculator"
                />
              </div>
              <div className="grid gap-2">
                <Label htmlFor={`${id}-tool-url`}>Tool URL</Label>
                <Input
                  id={`${id}-tool-url`}
                  type="url"
                  value={toolUrl}
                  onChange={(event) => {
                    setToolUrl(event.target.value);
                    setToolUrlError(false);
                  }}
                  maxLength={POST_LIMITS.toolUrl}
                  placeholder="https://"
                  aria-invalid={toolUrlError || undefined}
                  aria-describedby={toolUrlError ? `${id}-tool-url-error` : undefined}
                />
                {toolUrlError && (
                  <p id={`${id}-tool-url-error`} className="text-xs text-destructive">
                    {POST_MESSAGES.badToolUrl}
                  </p>
                )}
              </div>
            </div>
          )}

          <div className="grid gap-3 rounded-lg border border-border bg-muted/30 p-3">
            <div className="flex items-center gap-2">
              <Checkbox id={`${id}-anonymous`} checked={anonymous} onCheckedChange={(checked) => setAnonymous(checked === true)} />
              <Label htmlFor={`${id}-anonymous`} className="font-normal">
                Post anonymously
              </Label>
            </div>
            <p className="flex items-center gap-1.5 text-sm text-muted-foreground" data-testid="form-posting-as">
              <UserRound className="size-4" aria-hidden="true" />
              Posting as <strong className="text-foreground">{nameLoading && !anonymous ? 'Loading...' : author}</strong>
            </p>
          </div>

          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Link to={paths.home.getHref()} className={buttonClasses({ variant: 'outline' })}>
              Cancel
            </Link>
            <Button type="submit" disabled={publishDisabled}>
              {create.isPending ? 'Publishing...' : 'Publish'}
            </Button>
          </div>
        </form>
      </Card>
    </>
  );
}
