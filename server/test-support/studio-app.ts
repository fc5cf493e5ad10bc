import { createContentRepository, type ContentRepository } from './content-repository.ts';
import { addMember } from './team.ts';
import { createTestApp, signIn, type TestApp } from './test-app.ts';

/** An app whose content studio works on a fresh repository, with its owner and an editor signed in. */
export interface StudioApp {
  repository: ContentRepository;
  testApp: TestApp;
  owner: string;
  editor: { cookie: string; name: string; email: string };
  close(): Promise<void>;
}

export async function startStudioApp(): Promise<StudioApp> {
  const repository = createContentRepository();
  const testApp = await createTestApp({ content: { dir: repository.dir } });
  const owner = await signIn(testApp.app);
  const member = await addMember(testApp.app, owner, 'editor', 'Maya Editor');
  return {
    repository,
    testApp,
    owner,
    editor: { cookie: member.cookie, name: 'Maya Editor', email: member.user.email },
    async close() {
      await testApp.close();
      repository.remove();
    },
  };
}
