import { Anchor, Paper, Stack, Text } from '@mantine/core';
import type { TocEntry } from '@portal/contracts/learning';

/** The headings of a body, as links to their anchors; indented by depth. */
export function TableOfContents({ title, entries, lang }: { title: string; entries: TocEntry[]; lang: string }) {
  return (
    <Paper withBorder radius="md" p="md" component="nav" aria-label={title} style={{ position: 'sticky', top: 80 }}>
      <Text fw={600} size="sm" mb="xs">
        {title}
      </Text>
      <Stack gap={4} component="ol" m={0} p={0} style={{ listStyle: 'none' }} lang={lang}>
        {entries.map((entry) => (
          <li key={entry.id} style={{ paddingInlineStart: (entry.depth - 2) * 12 }}>
            <Anchor href={`#${entry.id}`} size="sm">
              {entry.text}
            </Anchor>
          </li>
        ))}
      </Stack>
    </Paper>
  );
}
