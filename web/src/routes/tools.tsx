import { ComingSoon } from '../components/coming-soon.tsx';

export default function ToolsPage() {
  return (
    <ComingSoon
      title="Tools Directory"
      intro="A searchable directory of tools recommended by the community, with votes, and a template library, will live here soon."
    />
  );
}
