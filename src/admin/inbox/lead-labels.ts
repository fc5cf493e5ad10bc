import { site } from '@/content/site.ts';
import type { LeadStatus, LeadType } from '@/content/types.gen.ts';

export const statusLabels: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  won: 'Won',
  lost: 'Lost',
  spam: 'Spam',
};

export const statuses = Object.keys(statusLabels) as LeadStatus[];

export const typeLabels: Record<LeadType, string> = { enquiry: 'Enquiry', application: 'Application' };

export const types = Object.keys(typeLabels) as LeadType[];

/** The services a lead may ask about, by the slug the form sends (the page's route without its slash). */
export const services = site.services.map((service) => ({ slug: service.route.slice(1), title: service.title }));

export function serviceTitle(slug: string): string {
  return services.find((service) => service.slug === slug)?.title ?? slug;
}
