import { ComingSoon } from '../components/coming-soon.tsx';

export default function TemplatesPage() {
  return (
    <ComingSoon
      title="Template Library"
      intro="Templates shared by the community, as links or files to download, will live here soon."
    />
  );
}
