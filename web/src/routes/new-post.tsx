import { CreatePostForm } from '../features/create-post/components/create-post-form.tsx';
import { usePageTitle } from '../hooks/use-page-title.ts';

export default function NewPostPage() {
  usePageTitle('Create Post');
  return (
    <section className="grid w-full max-w-3xl gap-5">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">Create Post</h1>
        <p className="text-muted-foreground">Ask for help, share an idea or recommend a tool to the community.</p>
      </div>
      <CreatePostForm />
    </section>
  );
}
