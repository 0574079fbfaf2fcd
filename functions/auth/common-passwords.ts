/** The most common passwords (lower case, 8+ characters); new passwords among them are refused. */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  'password', 'password1', 'password12', 'password123', 'password1234', '12345678', '123456789', '1234567890',
  '12345678910', 'qwerty123', 'qwertyuiop', 'iloveyou', 'iloveyou1', 'sunshine1', 'princess1', 'football1',
  'baseball1', 'welcome1', 'welcome123', 'admin123', 'administrator', 'letmein1', 'letmein123', 'abc12345',
  'abcd1234', '1q2w3e4r', '1qaz2wsx', 'qwerty12', 'qwerty1234', 'zaq12wsx', 'trustno1', 'starwars',
  'dragon123', 'monkey123', 'superman', 'batman123', 'passw0rd', 'p@ssw0rd', 'p@ssword', 'changeme',
  'changeme1', '11111111', '00000000', '88888888', '87654321', '123123123', '987654321', 'qazwsxedc',
  'asdfghjkl', 'zxcvbnm1', 'whatever1', 'computer1', 'internet1', 'michelle', 'jennifer1', 'jordan23',
  'liverpool', 'chelsea1', 'arsenal1', 'football', 'baseball', 'basketball', 'soccer12', 'hello123',
  'freedom1', 'shadow12', 'master12', 'mustang1', 'access14', 'ashley12', 'charlie1', 'pokemon1',
  'pepper12', 'flower12', 'garden12', 'plants123', 'plantlover', 'iloveplants', 'succulent', 'monstera12',
  'sunflower', 'sunflower1', '1234qwer', 'q1w2e3r4', 'q1w2e3r4t5', 'aa123456', 'a1234567', 'a12345678',
  'loveyou1', 'lovely12', 'secret12', 'secret123', 'summer2024', 'summer2025', 'summer2026', 'winter2025',
  'spring2026', 'autumn2025', 'password!', 'password2', 'password3', 'qwertyui', '123qweasd', '147258369',
  '159753456', 'google123', 'samsung1', 'iphone12', 'apple123',
]);
