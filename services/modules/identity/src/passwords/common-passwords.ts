// Frequent entries of public leaked-password top lists (SecLists / HIBP top-N style) that are at least
// 8 characters long: shorter ones are already refused by the length rule. Compared case-insensitively.
export const COMMON_PASSWORDS: readonly string[] = [
  '12345678', '123456789', '1234567890', '12345678910', '123123123', '11111111', '111111111', '1111111111', '00000000', '000000000',
  '0123456789', '87654321', '987654321', '9876543210', '11223344', '12341234', '1q2w3e4r', '1q2w3e4r5t', '1qaz2wsx', '1qaz2wsx3edc',
  'q1w2e3r4', 'q1w2e3r4t5', 'qwertyuiop', 'qwerty123', 'qwerty1234', 'qwerty12345', 'qwertyui', 'qwerty123456', 'qweasdzxc', 'asdfghjkl',
  'asdfasdf', 'zxcvbnm1', 'zaq12wsx', 'zaq1zaq1', '1234qwer', 'qazwsxedc', 'qwer1234', 'asdf1234', 'abcd1234', 'abc12345',
  'abcdefgh', 'abcdefg1', 'a1b2c3d4', 'aa123456', 'password', 'password1', 'password12', 'password123', 'password1234', 'password!',
  'passw0rd', 'p@ssw0rd', 'p@ssword', 'pa$$word', 'passpass', 'password01', 'mypassword', 'newpassword', 'changeme', 'changeme123',
  'letmein1', 'letmein123', 'welcome1', 'welcome123', 'welcome2024', 'welcome2025', 'welcome2026', 'iloveyou', 'iloveyou1', 'iloveyou2',
  'sunshine', 'sunshine1', 'princess', 'princess1', 'football', 'football1', 'baseball', 'basketball', 'superman', 'batman123',
  'starwars', 'trustno1', 'whatever', 'computer', 'internet', 'michelle', 'jennifer', 'jordan23', 'liverpool', 'chelsea1',
  'arsenal1', 'manchester', 'mustang1', 'corvette', 'mercedes', 'charlie1', 'michael1', 'jessica1', 'elizabeth', 'alexander',
  'christopher', 'nicholas', 'samantha', 'danielle', 'victoria', 'butterfly', 'chocolate', 'cookie123', 'monkey123', 'dragon123',
  'shadow123', 'master123', 'master12', 'hello123', 'hello1234', 'hellohello', 'freedom1', 'qwertyqwerty', 'loveyou1', 'lovely123',
  'babygirl', 'babygirl1', 'angel123', 'pokemon1', 'minecraft', 'fortnite', 'spiderman', 'pepper123', 'snoopy123', 'summer2024',
  'summer2025', 'summer2026', 'winter2024', 'winter2025', 'spring2025', 'autumn2025', 'december', 'november', 'september', 'qwerty01',
  'admin123', 'admin1234', 'administrator', 'adminadmin', 'root1234', 'rootroot', 'test1234', 'testtest', 'test12345', 'guest123',
  'user1234', 'default1', 'secret12', 'secret123', 'security', 'login123', 'access14', 'google123', 'facebook', 'linkedin',
  'student1', 'student123', 'teacher1', 'teacher123', 'academy1', 'academy123', 'school123', 'learning', 'software', 'developer',
  'southafrica', 'zimbabwe', 'johannesburg', 'capetown', 'pretoria', 'springbok', 'springboks', 'kaizerchiefs', 'orlandopirates', 'harare123',
  'aaaaaaaa', 'abc123456', 'abcd12345', 'asdfghjk', 'zxcvbnm123', 'qwerty11', '147258369', '123654789', '159753456', '741852963',
  '12344321', '1234554321', '123456abc', '123qweasd', '123abc123', 'a12345678', 'q12345678', '88888888', '66666666', '99999999',
];

const set = new Set(COMMON_PASSWORDS.map((p) => p.toLowerCase()));

export const isCommonPassword = (password: string) => set.has(password.toLowerCase());
