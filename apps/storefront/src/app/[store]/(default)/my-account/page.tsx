import { ProfileView } from '@/components/account/ProfileView.tsx';
import { accountTexts } from '@/components/account/account-texts.ts';

/* /my-account: the profile. */
export default function MyAccountPage() {
  return <ProfileView texts={accountTexts()} />;
}
