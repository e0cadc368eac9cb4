import { ComingSoon } from '../components/coming-soon.tsx';

export default function NewPostPage() {
  return (
    <ComingSoon
      title="Create Post"
      intro="Asking for help, sharing an idea or recommending a tool will be possible here soon."
    />
  );
}
