/**
 * Addresses a stranger may offer as the authorization page's return (an OAuth start's or a
 * magic-link send's redirect) to leave the server's own authorization endpoint: another origin,
 * scheme, port, path, project, or a userinfo, fragment or encoding trick. Every one must be
 * refused; the OAuth and magic-link route tests share the list.
 */

/**
 * The attacks on project `publicToken` of a server at `http://velvet.test`; `foreignToken` is
 * another project's public token.
 */
export function authorizationReturnAttacks(publicToken: string, foreignToken: string): string[] {
  return [
    `https://evil.test/oauth/${publicToken}/authorize?client_id=some-app`,
    `http://velvet.test.evil.test/oauth/${publicToken}/authorize`,
    `http://velvet.test:8443/oauth/${publicToken}/authorize`,
    `https://velvet.test/oauth/${publicToken}/authorize`,
    `http://evil.test@velvet.test/oauth/${publicToken}/authorize`,
    `http://velvet.test/oauth/${publicToken}/authorize#@evil.test`,
    `http://velvet.test/oauth/${publicToken}/logout?post_logout_redirect_uri=https://evil.test/`,
    `http://velvet.test/oauth/${publicToken}/authorize/../../../demo/`,
    `http://velvet.test/oauth/${publicToken}/%61uthorize`,
    `http://velvet.test/oauth/${foreignToken}/authorize`,
    `http://velvet.test/sdk/v1/oauth/${publicToken}/authorize`,
    `//evil.test/oauth/${publicToken}/authorize`,
    `/oauth/${publicToken}/authorize`,
  ];
}
