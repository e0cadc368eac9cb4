import { ComingSoon } from '../components/coming-soon.tsx';

export default function PostPage() {
  return (
    <ComingSoon
      title="Post"
      intro="Individual posts with their discussion will open here soon."
    />
  );
}
