import type { BlogPostInput } from '../../src/content/types.gen.ts';

/** The posts a fresh database starts with, so that the blog is never empty on first run. */
export const examplePosts: BlogPostInput[] = [
  {
    title: 'Local SEO: Turning Nearby Searches into Booked Appointments',
    slug: 'local-seo-nearby-searches-into-appointments',
    summary:
      'Most people who search for a service "near me" decide within a day. Here is how clinics, schools and shops make sure they are the ones chosen.',
    tags: ['Local SEO', 'Google Business Profile', 'Reviews'],
    categories: ['SEO'],
    coverImage: '/images/blog/cover-1.svg',
    publishedAt: '2025-02-11T09:30:00.000Z',
    status: 'published',
    content: `<p>When someone types "dentist near me" or "coaching classes in Sector 49" into a search bar, they are rarely browsing. They have a problem today and they want the nearest trustworthy answer. Local search is the shortest path between a need and a booking, and it rewards businesses that make themselves easy to find, easy to check and easy to contact.</p>
<h2>Start with the profile people actually see</h2>
<p>For most local searches, the first thing a prospect sees is not your website but your Google Business Profile: the map pin, the star rating, the opening hours and a handful of photos. Treat it as your real home page. Choose the most specific primary category, write a description that says what you do and for whom, list every service with a short explanation, and keep holiday hours up to date. A profile with current photos and complete services consistently earns more calls and direction requests than a half-filled one.</p>
<h2>Make your name, address and phone number identical everywhere</h2>
<p>Search engines cross-check your details across directories, social profiles and your own site. "Tower B, Vatika Business Park" on one listing and "Vatika Tower-B" on another looks like two different businesses. Pick one spelling, one phone number and one address format, then correct every listing you can find. It is tedious work, and it is exactly the kind of tedious work competitors skip.</p>
<h2>Reviews are a ranking signal and a sales page</h2>
<p>The number, freshness and content of reviews affect where you appear and whether people click. Ask every satisfied customer at the moment they are happiest, usually right after the service is delivered, and make it one tap with a short link or QR code. Reply to every review, good or bad, within a couple of days. Replies show prospects that a real person is paying attention.</p>
<h2>Give each location and service its own page</h2>
<p>If you serve several neighbourhoods or offer distinct services, create a page for each with genuinely useful detail: prices or price ranges, what to expect on the first visit, parking, and answers to the questions your front desk hears every day. Thin pages that only swap the city name do not help anyone and rarely rank.</p>
<h2>Measure what matters</h2>
<ul>
<li>Calls, direction requests and website clicks from your profile</li>
<li>Enquiry form submissions from local landing pages</li>
<li>Rankings for your top ten service-plus-area searches, checked monthly</li>
</ul>
<p>Local SEO is not a one-off project. Businesses that win the map treat it like a shop window: cleaned weekly, refreshed seasonally and never left with a broken sign.</p>`,
  },
  {
    title: 'Performance Marketing Budgets: Where the Next Rupee Should Go',
    slug: 'performance-marketing-where-the-next-rupee-should-go',
    summary:
      'Averages hide the truth about ad spend. Marginal returns, clean attribution and steady testing tell you where extra budget will actually pay back.',
    tags: ['Paid Media', 'ROAS', 'Attribution'],
    categories: ['Performance Marketing'],
    coverImage: '/images/blog/cover-2.svg',
    publishedAt: '2025-04-08T10:00:00.000Z',
    status: 'published',
    content: `<p>Every quarter the same question comes up in planning meetings: if we had more money for ads, where should it go? The tempting answer is "to whatever channel has the best return on ad spend". That answer is usually wrong, because average returns describe the money you have already spent, not the next rupee you are about to spend.</p>
<h2>Think in marginal returns</h2>
<p>A search campaign that returns five times its cost on average may return barely one times its cost on the last lakh, because it has already captured the people who were searching for you anyway. Meanwhile a prospecting campaign with a modest average return may still be far from saturation. Look at how results changed the last few times you raised or lowered each budget. Where an increase brought a proportional increase in conversions, there is room to grow; where it brought only higher costs per conversion, you have hit the ceiling.</p>
<h2>Fix attribution before you trust the dashboard</h2>
<p>Ad platforms each claim credit for the same sale. Add their reported conversions together and you often get more sales than your business actually made. Before reallocating budget, reconcile platform numbers with your own order or lead data. Use consistent UTM parameters, import offline conversions such as qualified leads and closed deals, and compare periods with and without a channel running where you can. Imperfect but honest numbers beat precise-looking fiction.</p>
<h2>Keep a testing budget that nobody touches</h2>
<p>Set aside around ten to fifteen percent of spend for structured experiments: new audiences, new creative angles, new landing pages. Write down the hypothesis, the metric and the date you will decide before launching. Most tests will not beat the control, and that is fine; the few that do pay for the rest many times over.</p>
<h2>Creative is the biggest lever you control</h2>
<p>Targeting options have converged across platforms, and automated bidding has narrowed the gap between expert and average account management. What still separates winning accounts is the message: a clear offer, a specific audience and a reason to act now. Refresh creative before fatigue sets in, which for many audiences is every three to six weeks.</p>
<ul>
<li>Review marginal cost per acquisition monthly, not just averages</li>
<li>Reconcile platform-reported conversions with real sales</li>
<li>Protect a fixed share of budget for experiments</li>
</ul>
<p>Budgets grow fastest for teams that can explain, with evidence, what the next rupee will buy.</p>`,
  },
  {
    title: 'Brand Consistency Across Every Touchpoint: A Practical Checklist',
    slug: 'brand-consistency-across-every-touchpoint',
    summary:
      'A brand is what customers remember after every interaction adds up. This checklist keeps your logo, voice and promise the same wherever people meet you.',
    tags: ['Brand Guidelines', 'Visual Identity', 'Tone of Voice'],
    categories: ['Branding'],
    coverImage: '/images/blog/cover-3.svg',
    publishedAt: '2025-06-17T08:45:00.000Z',
    status: 'published',
    content: `<p>Customers do not experience your brand in one place. They see an Instagram story, receive a WhatsApp reply, walk past a banner, open an invoice and read a review, often within the same week. Each of those moments either reinforces what you stand for or quietly chips away at it. Consistency is not about rigid sameness; it is about being recognisably yourself wherever someone meets you.</p>
<h2>Write down the few things that must never change</h2>
<p>Most brand guidelines fail because they are too long to read and too vague to apply. Start with one page: your positioning in a single sentence, three words that describe your personality, your logo with clear-space rules, your primary colours with exact values, and two typefaces. Everything else can be added later. A short guide that people actually open beats a beautiful PDF nobody remembers.</p>
<h2>Give your voice examples, not adjectives</h2>
<p>"Friendly but professional" means something different to every writer. Show instead: how you greet a customer, how you apologise for a delay, how you announce a price change, and how you would never phrase those things. Real before-and-after examples teach tone faster than any list of adjectives.</p>
<h2>Audit the touchpoints nobody owns</h2>
<p>Marketing teams polish the website and the ads, while email signatures, automated messages, proposal templates, delivery packaging and job postings drift for years. List every place a customer or candidate might encounter you, assign an owner to each, and review them twice a year. The forgotten touchpoints are often the ones customers see most.</p>
<h2>Make the right choice the easy choice</h2>
<p>Consistency improves dramatically when the correct assets are easier to find than the wrong ones. Keep approved logos, templates and photography in one shared library with obvious names. Provide ready-made templates for the documents people create most often, such as social posts, presentations and quotes, so that nobody has to rebuild the brand from memory.</p>
<h2>A quick checklist</h2>
<ul>
<li>One-page guide covering positioning, personality, logo, colours and type</li>
<li>Voice examples for common situations, including what not to say</li>
<li>An owner for every touchpoint, reviewed every six months</li>
<li>A single, well-named asset library and templates for frequent documents</li>
</ul>
<p>Strong brands are built less by big launches than by thousands of small moments that all tell the same story.</p>`,
  },
  {
    title: 'Choosing Influencers by Audience Fit, Not Follower Count',
    slug: 'choosing-influencers-by-audience-fit',
    summary:
      'Big follower numbers are easy to buy and easy to fake. Audience fit, genuine engagement and clear briefs decide whether a creator campaign sells.',
    tags: ['Influencer Marketing', 'Creators', 'Engagement'],
    categories: ['Influencer Marketing'],
    coverImage: '/images/blog/cover-4.svg',
    publishedAt: '2025-08-26T11:15:00.000Z',
    status: 'published',
    content: `<p>The first instinct when planning an influencer campaign is to look for the biggest names your budget allows. Yet many brands have paid for a post seen by a million people and sold almost nothing, while a creator with twenty thousand loyal followers filled a waiting list in a weekend. The difference is almost always audience fit.</p>
<h2>Start from your customer, not the creator</h2>
<p>Describe the person you want to reach in concrete terms: their age range, city, interests, the problem your product solves for them and where they already spend time online. Then look for creators whose audience matches that description. A fitness coach in Gurugram speaking to working parents is a better partner for a healthy meal service than a national celebrity whose followers are mostly teenagers in other countries.</p>
<h2>Check engagement that money cannot easily buy</h2>
<p>Likes and follower counts can be inflated cheaply. Comments are harder to fake, and their content tells you a great deal. Read the comments on a creator's last dozen posts: are people asking questions, sharing their own experiences and tagging friends, or leaving generic emojis? Ask the creator for audience demographics and story view screenshots from their analytics. Serious creators share them willingly.</p>
<h2>Brief the outcome, not the script</h2>
<p>Creators know what their audience responds to; that is why you are hiring them. A good brief explains the product, the single message that matters, the mandatory facts such as price or offer dates, and any claims that must not be made. Leave the format and wording to the creator. Overly scripted posts read like advertisements, and audiences scroll past advertisements.</p>
<h2>Measure sales, not applause</h2>
<p>Give each creator a unique link and discount code so you can see which partnerships drive visits, sign-ups and purchases. Compare cost per acquisition with your other channels. Expect some creators to outperform and others to disappoint, and keep working with the ones who deliver.</p>
<ul>
<li>Define the customer first, then find creators who already speak to them</li>
<li>Read comments and request real audience analytics</li>
<li>Brief the message and the rules, not the exact words</li>
<li>Track every creator with their own link and code</li>
</ul>
<p>Long-term partnerships with a handful of well-matched creators usually beat one-off posts with the biggest names.</p>`,
  },
  {
    title: 'Responding to Online Reviews Without Making Things Worse',
    slug: 'responding-to-online-reviews',
    summary:
      'A thoughtful reply to a harsh review can win more customers than the review loses. A simple approach for answering praise, complaints and unfair posts.',
    tags: ['Online Reputation', 'Reviews', 'Customer Experience'],
    categories: ['Online Reputation'],
    coverImage: '/images/blog/cover-5.svg',
    publishedAt: '2025-10-21T07:30:00.000Z',
    status: 'published',
    content: `<p>Few things ruin a business owner's morning like a one-star review. The urge to reply immediately, explain everything and set the record straight is strong. Resist it for an hour. Your reply is not really addressed to the reviewer; it is addressed to the hundreds of future customers who will read both the review and your answer before deciding whether to trust you.</p>
<h2>Thank people for praise, specifically</h2>
<p>Positive reviews deserve replies too. A short, personal thank-you that mentions something specific from the review shows that real people read them and encourages others to leave their own. Avoid copying the same sentence under every review; prospects notice, and it makes every reply look automated.</p>
<h2>Answer complaints with a simple structure</h2>
<p>For a genuine complaint, keep the public reply short and calm. Acknowledge the experience without arguing about details, apologise for what went wrong, explain briefly what you have changed if anything, and offer a direct way to continue the conversation privately, such as a named person's e-mail or phone number. Then actually follow up. Many customers update or remove a negative review after a problem is resolved properly.</p>
<h2>Handle unfair or fake reviews carefully</h2>
<p>Some reviews are from people who were never customers, from competitors, or about a different business entirely. Report those through the platform's official process with clear evidence. While you wait, post a brief, polite reply stating that you cannot find a record of the visit and inviting the person to get in touch. Never reveal private customer details in a public reply, even when a review is unfair.</p>
<h2>Turn reviews into improvements</h2>
<p>Reviews are free, unfiltered research. Collect them monthly, group recurring themes such as waiting times, pricing clarity or staff friendliness, and share them with the teams who can act on them. When the same complaint stops appearing, you will see it in your ratings.</p>
<ul>
<li>Wait before replying to a painful review, then reply within two days</li>
<li>Thank, acknowledge, apologise and move the conversation offline</li>
<li>Report fake reviews with evidence and never share private details</li>
<li>Review the themes every month and fix the causes</li>
</ul>
<p>A reputation is not built by avoiding criticism but by showing, in public, how you respond to it.</p>`,
  },
];
