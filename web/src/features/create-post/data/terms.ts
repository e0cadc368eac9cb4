/** The nine sections of the posting terms (spec 2 §2), in order. */
export const TERMS_SECTIONS: { title: string; text: string }[] = [
  {
    title: '1. Community Guidelines',
    text: 'This is a community of workforce-management professionals. Be respectful, constructive and helpful, and assume good intent from others.',
  },
  {
    title: '2. Acceptable Content',
    text: 'Questions, ideas, tool recommendations, experiences and resources related to workforce management, contact-centre planning, scheduling, forecasting and real-time management.',
  },
  {
    title: '3. Prohibited Content',
    text: 'No harassment, hate speech, spam, advertising without disclosure, illegal content, malware, or personal or confidential data about customers, colleagues or employers.',
  },
  {
    title: '4. Professional Conduct',
    text: 'Share what you are allowed to share. Do not disclose your employer’s confidential information, and disclose any commercial interest in tools you recommend.',
  },
  {
    title: '5. Content Ownership',
    text: 'You keep ownership of what you post and allow the community to display, share and export it. Post only content you have the right to share.',
  },
  {
    title: '6. Moderation',
    text: 'Moderators may resolve, edit or remove posts and comments that break these terms. Reports from members are reviewed by the moderation team.',
  },
  {
    title: '7. Privacy',
    text: 'You can post anonymously. Posts and comments are public; avoid including anything that identifies you or others unless you mean to.',
  },
  {
    title: '8. Changes to These Terms',
    text: 'These terms may change as the community grows. Significant changes will be announced, and continuing to post means you accept them.',
  },
  {
    title: '9. Contact',
    text: 'Questions about these terms or a moderation decision? Use the Need Help? page to reach the team.',
  },
];
