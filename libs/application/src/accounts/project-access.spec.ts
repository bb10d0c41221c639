import { CatalogDb } from '@lectern/corpus';
import { useTempDir } from '../../../corpus/src/testing/temp-dir.fixture';
import type { Principal } from './principal';
import { ProjectAccess } from './project-access';

describe(ProjectAccess.name, () => {
  const dir = useTempDir('lectern-project-access-');
  let catalog: CatalogDb;
  let access: ProjectAccess;
  beforeEach(() => {
    catalog = CatalogDb.open(dir());
    access = new ProjectAccess(catalog);
  });
  afterEach(() => catalog.close());

  const user = (email: string, role: 'user' | 'admin' = 'user') =>
    catalog.users.create({ email, displayName: email, passwordHash: null, role });

  it("lists the caller's projects with the role it has in each, as roleIn answers them", () => {
    const [a, b, c] = ['a', 'b', 'c'].map((name) => catalog.projects.create(name).id);
    const ada = user('ada@example.edu');
    catalog.memberships.set(a, ada.id, 'owner');
    catalog.memberships.set(b, ada.id, 'student');
    catalog.memberships.set(c, user('bob@example.edu').id, 'owner');
    const session: Principal = { user: ada, via: 'session', key: null };
    const projectKey: Principal = { user: ada, via: 'api-key', key: { id: 'k', projectId: a, role: 'instructor' } };
    const admin: Principal = { user: user('root@example.edu', 'admin'), via: 'session', key: null };

    expect(access.memberRoles(session)).toEqual([
      { projectId: a, role: 'owner' },
      { projectId: b, role: 'student' },
    ]);
    expect(access.memberRoles(projectKey)).toEqual([{ projectId: a, role: 'instructor' }]);
    expect(access.memberRoles(admin)).toEqual([]);
    for (const caller of [session, projectKey])
      for (const { projectId, role } of access.memberRoles(caller)) expect(access.roleIn(caller, projectId)).toBe(role);
  });

  it('shows the caller the projects it has a role in; an admin all of them, unless its key is limited to one project', () => {
    const [a, b] = ['a', 'b'].map((name) => catalog.projects.create(name).id);
    const ada = user('ada@example.edu');
    catalog.memberships.set(a, ada.id, 'student');
    const root = user('root@example.edu', 'admin');
    const caller = (who: typeof ada, key: Principal['key'] = null): Principal => ({ user: who, via: key ? 'api-key' : 'session', key });

    expect(access.visibleProjectIds(caller(ada))).toEqual(new Set([a]));
    expect(access.visibleProjectIds(caller(ada, { id: 'k', projectId: b, role: 'student' }))).toEqual(new Set());
    expect(access.visibleProjectIds(caller(root))).toBeNull();
    expect(access.visibleProjectIds(caller(root, { id: 'k', projectId: b, role: 'student' }))).toEqual(new Set([b]));
  });
});
