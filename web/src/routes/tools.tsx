import { Tabs, TabsContent, TabsList, TabsTrigger } from '@wfm/ui';
import { useNavigate } from '../lib/router.tsx';
import { paths } from '../config/paths.ts';
import { TemplateLibrary } from '../features/templates/components/template-library.tsx';
import { ToolDirectory } from '../features/tools/components/tool-directory.tsx';
import { usePageTitle } from '../hooks/use-page-title.ts';

type CatalogTab = 'tools' | 'templates';

/** /tools and /templates: one screen with the Tool Directory and Template Library tabs; each tab has its address. */
export function ToolsScreen({ tab }: { tab: CatalogTab }) {
  usePageTitle(tab === 'tools' ? 'Tools Directory' : 'Template Library');
  const navigate = useNavigate();
  return (
    <section className="grid gap-5">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">Tools Directory</h1>
        <p className="text-muted-foreground">Tools and templates recommended by workforce-management professionals.</p>
      </div>
      <Tabs
        value={tab}
        onValueChange={(value) => navigate(value === 'tools' ? paths.tools.getHref() : paths.templates.getHref())}
        className="grid gap-4"
      >
        <TabsList aria-label="Tools and templates" className="w-full sm:w-auto sm:justify-self-start">
          <TabsTrigger value="tools" className="flex-1 sm:flex-none">
            Tool Directory
          </TabsTrigger>
          <TabsTrigger value="templates" className="flex-1 sm:flex-none">
            Template Library
          </TabsTrigger>
        </TabsList>
        <TabsContent value="tools">
          <ToolDirectory />
        </TabsContent>
        <TabsContent value="templates">
          <TemplateLibrary />
        </TabsContent>
      </Tabs>
    </section>
  );
}

export default function ToolsPage() {
  return <ToolsScreen tab="tools" />;
}
