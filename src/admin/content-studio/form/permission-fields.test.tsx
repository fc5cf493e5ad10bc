import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import site from '../../../../content/site.json';
import type { AdminUser, TeamRole } from '@/content/types.gen.ts';
import { AdminSessionContext } from '../../session/admin-session.ts';
import { documentProblems } from '../document-problems.ts';
import { documentSchema } from '../document-schemas.ts';
import { ContentForm } from './content-form.tsx';

function SiteForm({ memberRole }: { memberRole: TeamRole }) {
  const session = {
    user: { _id: 'u1', name: 'A member', email: 'member@northbeam.example', role: memberRole } as AdminUser,
    signOut: () => undefined,
    signingOut: false,
    signOutError: null,
  };
  return (
    <AdminSessionContext.Provider value={session}>
      <ContentForm
        schema={documentSchema('site.schema.json')!}
        document={site}
        onChange={() => undefined}
        context={{ routes: ['/', '/contact', '/seo'], postRoutes: [], images: [] }}
        problems={documentProblems('site.schema.json', site)}
        readOnly={false}
      />
    </AdminSessionContext.Provider>
  );
}

// By id (idPrefix doc): the whole of site.json's form is large, and finding each field by its label is slow.
const field = (container: HTMLElement, path: string) => container.querySelector(`#doc_${path}`)!;
const consentPaths = ['forms_enquiry_consentText', 'forms_application_consentText', 'forms_newsletter_consentText'];

describe('the settings of site.json in the studio’s form', () => {
  it('are read-only for an editor, each saying who may change it; the rest stays editable', () => {
    const { container } = render(<SiteForm memberRole="editor" />);
    const salesEmail = field(container, 'contact_email');
    expect(salesEmail).toHaveAttribute('readonly');
    expect(salesEmail).toHaveAccessibleDescription(
      /Only a member with the permission “leads”.*ask the owner or an administrator/,
    );
    expect(field(container, 'privacy_retentionDays')).toHaveAttribute('readonly');
    for (const path of consentPaths) expect(field(container, path)).toHaveAttribute('readonly');
    expect(screen.getByText(/permission “audience”/)).toBeInTheDocument();
    expect(field(container, 'forms_enquiry_budgets_0')).toHaveAttribute('readonly');
    // Nor does the list of budgets offer to add, remove or move one.
    const budgets = field(container, 'forms_enquiry_budgets');
    expect(budgets.querySelectorAll('button')).toHaveLength(0);
    expect(field(container, 'brand_tagline')).not.toHaveAttribute('readonly');
  }, 120_000);

  it('are editable for an administrator, with no note', () => {
    const { container } = render(<SiteForm memberRole="administrator" />);
    expect(field(container, 'contact_email')).not.toHaveAttribute('readonly');
    for (const path of consentPaths) expect(field(container, path)).not.toHaveAttribute('readonly');
    expect(screen.queryByText(/Only a member with the permission/)).toBeNull();
    expect(field(container, 'forms_enquiry_budgets').querySelectorAll('button').length).toBeGreaterThan(0);
  }, 120_000);
});
