import { ToolsScreen } from './tools.tsx';

export default function TemplatesPage() {
  return <ToolsScreen tab="templates" />;
}
