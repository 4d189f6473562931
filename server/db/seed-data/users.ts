export interface UserSeed {
  name: string;
  email: string;
}

export const USERS: UserSeed[] = [
  { name: 'Olivia Bennett', email: 'olivia.bennett@example.com' },
  { name: 'Liam Carter', email: 'liam.carter@example.com' },
  { name: 'Amara Okafor', email: 'amara.okafor@example.com' },
  { name: 'Noah Fischer', email: 'noah.fischer@example.com' },
  { name: 'Sofia Martinez', email: 'sofia.martinez@example.com' },
  { name: 'Ethan Nguyen', email: 'ethan.nguyen@example.com' },
  { name: 'Priya Sharma', email: 'priya.sharma@example.com' },
  { name: 'Lucas Moreau', email: 'lucas.moreau@example.com' },
  { name: 'Hannah Schmidt', email: 'hannah.schmidt@example.com' },
  { name: 'Daniel Kowalski', email: 'daniel.kowalski@example.com' },
  { name: 'Yuki Tanaka', email: 'yuki.tanaka@example.com' },
  { name: "Grace O'Connor", email: 'grace.oconnor@example.com' },
  { name: 'Mateo Rossi', email: 'mateo.rossi@example.com' },
  { name: 'Chloe Dubois', email: 'chloe.dubois@example.com' },
  { name: 'Samuel Adeyemi', email: 'samuel.adeyemi@example.com' },
  { name: 'Isabella Costa', email: 'isabella.costa@example.com' },
  { name: 'Omar Haddad', email: 'omar.haddad@example.com' },
  { name: 'Emily Johansson', email: 'emily.johansson@example.com' },
  { name: 'Ravi Patel', email: 'ravi.patel@example.com' },
  { name: 'Zoe Williams', email: 'zoe.williams@example.com' },
];
