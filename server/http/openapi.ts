import type { SwaggerOptions } from '@fastify/swagger';

/** Routes outside these addresses are the site's pages and files, not the API. */
const documented = /^\/(api\/|healthz$)/;

/** @fastify/swagger settings: an OpenAPI 3.1 document built from the routes' own schemas. */
export const openApiOptions: SwaggerOptions = {
  openapi: {
    openapi: '3.1.0',
    info: {
      title: 'Northbeam blog API',
      version: '1.0.0',
      description:
        'The blog API of the Northbeam site. Reads are public; writes need an admin session (POST /api/auth/login) ' +
        'and a same-origin request. Every refusal has the JSON shape of ApiError.',
    },
  },
  // Components are named by the schemas' titles (BlogPost, ApiError), as the generated TypeScript types are.
  refResolver: {
    buildLocalReference: (json, _baseUri, _fragment, index) =>
      typeof json.title === 'string' ? json.title : `Schema${index}`,
  },
  // A prefix's own route is registered as /api/blogs/ but called as /api/blogs, as the API table names it.
  transform: ({ schema, url }) => ({
    schema: documented.test(url) ? schema : { ...schema, hide: true },
    url: url.replace(/(.)\/$/, '$1'),
  }),
};
