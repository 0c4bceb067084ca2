/** The console's agreements texts in English; the Arabic is in ./agreements-messages-ar.ts (loaded with Arabic). */
import { defineMessages } from '../../i18n/i18n';

export const agreementsConsoleEn = {
  title: 'Agreements',
  description:
    'Agreement templates in versions, and individual contracts. A draft is written and previewed, then published: partners see it, and a template keeps the rate card in force on its effective date. A published version never changes: publish the next one.',
  loadFailed: "Couldn't load the agreements.",
  empty: 'No agreements yet. Write the first one.',
  filteredEmpty: 'No agreements match these filters.',
  retry: 'Try again',
  newAgreement: 'New agreement',
  kindFilter: 'Kind',
  anyKind: 'Any kind',
  statusFilter: 'Status',
  anyStatus: 'Any status',
  kinds: { template: 'Template', individual: 'Individual contract' },
  statuses: { draft: 'Draft', published: 'Published', withdrawn: 'Withdrawn' },
  columns: { agreement: 'Agreement', audience: 'For', status: 'Status', effective: 'In force from', signatures: 'Signatures', actions: 'Actions' },
  version: 'Version {{version}}',
  mandatory: 'Mandatory',
  everyone: 'Every agent it applies to',
  signedOf: '{{signed}} of {{applicable}} signed',
  edit: 'Edit',
  editNamed: 'Edit {{title}}, version {{version}}',
  newVersion: 'New version',
  newVersionNamed: 'New version of {{title}}',
  publish: 'Publish',
  publishNamed: 'Publish {{title}}, version {{version}}',
  signatures: 'Signatures',
  signaturesNamed: 'Signatures of {{title}}, version {{version}}',
  publishDialog: {
    title: 'Publish {{title}}, version {{version}}',
    body: 'Partners it applies to see it at once and are told. A mandatory agreement holds their new commissions until an owner signs. A published version cannot be changed.',
    confirm: 'Publish',
    published: 'Agreement published',
  },
  form: {
    newTitle: 'New agreement',
    newVersionTitle: 'New version of {{title}}',
    editTitle: 'Edit {{title}}, version {{version}}',
    close: 'Close',
    cancel: 'Cancel',
    save: 'Save draft',
    saved: 'Draft saved',
    saveFailed: "Couldn't save. Try again.",
    kind: 'Kind',
    key: 'Key',
    keyHelp: 'Versions of one agreement share a key, e.g. partner-programme-agreement.',
    title: 'Title',
    agent: 'Referral agent',
    chooseAgent: 'Choose the agent',
    groups: 'Referral groups',
    groupsHelp: 'Empty: every group.',
    types: 'Partner types',
    typesHelp: 'Empty: every partner type.',
    mandatory: 'Mandatory: new commissions are held until an owner signs',
    effective: 'In force from',
    expires: 'Expires on',
    expiresHelp: 'Optional: a template ends when superseded.',
    text: 'Text (Markdown)',
    write: 'Write',
    preview: 'Preview',
    previewLoading: 'Loading the preview',
    previewFailed: "Couldn't show the preview.",
    noneFound: 'Nothing found',
  },
  signaturesDrawer: {
    title: 'Signatures: {{title}}, version {{version}}',
    close: 'Close',
    loadFailed: "Couldn't load the signatures.",
    caption: 'Who signed and who has not',
    agent: 'Agent',
    signer: 'Signed by',
    when: 'Signed on',
    ip: 'IP address',
    pdf: 'PDF',
    notSigned: 'Not signed',
    download: 'Download',
    downloadNamed: 'Download the PDF signed by {{agent}}',
    downloadFailed: "Couldn't download the PDF.",
  },
} as const;

declare module '../../i18n/i18n' {
  interface Catalogues {
    'console-agreements': typeof agreementsConsoleEn;
  }
}

export const agreementsConsoleMessages = defineMessages('console-agreements', agreementsConsoleEn, () =>
  import('./agreements-messages-ar').then((module) => module.agreementsConsoleAr),
);
