/**
 * Short service conversations the simulated AI "transcribes". Placeholders in braces are filled per call:
 * {agent} the agent's first name, {intro} the caller introducing themselves (or nothing for unknown numbers),
 * {customerRef} the customer in a summary, {order}, {ticket}, {amount}, {day}/{dayOn}/{dayAcc} a weekday.
 * Czech lines avoid gendered past tense, so they read right whoever speaks.
 */
import type { CallDirection } from './model';

export type ScenarioLanguage = 'en_US' | 'cs_CZ';

export interface ScenarioTurn {
  by: 'customer' | 'agent';
  text: string;
  /** Sentiment of the segment, 1 (worst) to 5 (best). */
  score: 1 | 2 | 3 | 4 | 5;
}

export interface Scenario {
  topic: string;
  direction: CallDirection;
  language: ScenarioLanguage;
  turns: readonly ScenarioTurn[];
  summary: string;
  rating: 1 | 2 | 3 | 4 | 5;
  justification: string;
}

const agent = (text: string, score: ScenarioTurn['score'] = 3): ScenarioTurn => ({
  by: 'agent',
  text,
  score,
});
const customer = (text: string, score: ScenarioTurn['score'] = 3): ScenarioTurn => ({
  by: 'customer',
  text,
  score,
});

const ENGLISH: readonly Scenario[] = [
  {
    topic: 'billing',
    direction: 'inbound',
    language: 'en_US',
    turns: [
      agent('Veltra customer care, {agent} speaking. How can I help?'),
      customer("Hi{intro}. My last invoice is {amount} higher than usual and I don't understand why.", 2),
      agent('Sorry about the surprise, let me have a look. Could you give me your order number?'),
      customer("Sure, it's {order}."),
      agent(
        'Thanks. There is a one-off installation fee for the router upgrade last month. That is the difference.',
      ),
      customer('Nobody told me there would be a fee for that.', 2),
      agent(
        'I understand. I can split it over your next three invoices at no extra cost. Would that help?',
        4,
      ),
      customer('Yes, that would be fine. Thank you.', 4),
      agent("Done. You'll get a confirmation e-mail today. Is there anything else?", 4),
      customer("No, that's all. Bye.", 4),
    ],
    summary:
      '{customerRef} called because the invoice for order {order} was {amount} higher than usual. The agent ' +
      'explained a one-off installation fee for the router upgrade and split it over the next three invoices ' +
      'at no extra cost. The customer agreed; a confirmation e-mail follows.',
    rating: 4,
    justification:
      'The customer was frustrated by an unexplained fee at first, but accepted the instalment offer and ended ' +
      'the call politely.',
  },
  {
    topic: 'delivery',
    direction: 'inbound',
    language: 'en_US',
    turns: [
      agent('Good morning, Veltra, this is {agent}.'),
      customer(
        'Good morning{intro}. My washing machine was supposed to arrive yesterday and nobody came.',
        2,
      ),
      agent("I'm sorry to hear that. What's the order number, please?"),
      customer('{order}.'),
      agent(
        'I can see it. The carrier held it at the depot. The new delivery slot is on {day} between eight and twelve.',
      ),
      customer("{day} morning? I'll have to take another day off work.", 1),
      agent('I know it is inconvenient. I can offer an evening slot instead, but that would be a day later.'),
      customer("No, let's keep {day}. But please make sure they actually come this time.", 2),
      agent(
        "There's a note for the carrier now, and you'll get a text message an hour before they arrive.",
        4,
      ),
      customer('Okay. Thanks.', 3),
    ],
    summary:
      'Order {order} missed its delivery date because the carrier held it at the depot. The agent rebooked ' +
      'delivery for {day} morning and left a note for the carrier; the customer gets a text an hour before ' +
      'arrival. The customer remains unhappy about taking another day off.',
    rating: 3,
    justification:
      'The problem was solved with a new delivery slot, but the customer stayed dissatisfied with the delay ' +
      'and the inconvenience.',
  },
  {
    topic: 'outage',
    direction: 'inbound',
    language: 'en_US',
    turns: [
      agent('Veltra technical support, {agent} speaking.'),
      customer(
        'Hello{intro}. My internet has been down since this morning and I work from home. ' +
          "It's the second time this week.",
        1,
      ),
      agent("I'm sorry, that's really frustrating. Have you tried restarting the router?"),
      customer('Yes, twice. The light is still red.', 2),
      agent(
        "Thank you. There's an outage in your area and technicians are already on it. " +
          'They expect to finish around four this afternoon.',
      ),
      customer("Four? I have meetings all day. Can't you do anything faster?", 1),
      agent(
        "I can't speed up the repair, but I can send you a mobile data voucher for today and credit you for the outage.",
        3,
      ),
      customer("Fine, send the voucher. But if it happens again, I'm cancelling.", 2),
      agent(
        "Understood. Your ticket number is {ticket}, and you'll get a text as soon as the line is back.",
        3,
      ),
    ],
    summary:
      "The customer's internet has been down since the morning, the second outage this week. The agent " +
      'confirmed a local outage with the repair expected around 4 pm, sent a mobile data voucher, credited ' +
      'the outage and opened ticket {ticket}. The customer threatened to cancel if it happens again.',
    rating: 2,
    justification:
      'The customer stayed frustrated: the repair could not be sped up and they mentioned cancelling; the ' +
      'voucher only partly helped.',
  },
  {
    topic: 'moving',
    direction: 'inbound',
    language: 'en_US',
    turns: [
      agent('Good afternoon, Veltra customer care, {agent} speaking.'),
      customer("Hi{intro}. I'm moving next month and I'd like to take my contract to the new address.", 4),
      agent("Congratulations on the move! I can do that right now. What's the new address?", 4),
      customer("It's 14 Maple Street, flat 3, same town."),
      agent('Great, the service is available there. When would you like it switched over?', 4),
      customer('From the first of next month, please.'),
      agent("All set: from the first, at no charge. I'll e-mail you the updated contract.", 5),
      customer('Perfect, that was quick. Thank you very much!', 5),
    ],
    summary:
      '{customerRef} is moving and asked to transfer the contract to 14 Maple Street, flat 3. The agent ' +
      'confirmed availability and scheduled the switch for the first of next month at no charge; the updated ' +
      'contract will be e-mailed.',
    rating: 5,
    justification: 'The request was handled quickly and at no cost; the customer thanked the agent warmly.',
  },
  {
    topic: 'refund',
    direction: 'inbound',
    language: 'en_US',
    turns: [
      agent('Veltra, this is {agent}. How can I help you?'),
      customer(
        'Hello{intro}. The kettle I bought from you two weeks ago has stopped working. It won\u2019t switch on at all.',
        2,
      ),
      agent("I'm sorry about that. It's under warranty, of course. Do you have the order number?"),
      customer('Yes, {order}.'),
      agent('Thanks. Would you prefer a replacement or a refund?'),
      customer("A refund, please. I don't want the same model again.", 2),
      agent(
        "No problem. I'll send you a prepaid return label. Once the kettle is back with us, {amount} goes back to " +
          'your card within five days.',
        4,
      ),
      customer('Alright, that works.', 4),
    ],
    summary:
      'The kettle from order {order} stopped working after two weeks. The customer chose a refund over a ' +
      'replacement; the agent sent a prepaid return label and {amount} will be refunded within five days of ' +
      'receiving the kettle.',
    rating: 4,
    justification: 'The customer was disappointed with the product but satisfied with the quick refund.',
  },
  {
    topic: 'callback',
    direction: 'outbound',
    language: 'en_US',
    turns: [
      agent(
        "Hello, this is {agent} from Veltra. I'm calling back about ticket {ticket}. Is now a good time?",
      ),
      customer('Yes, go ahead.'),
      agent(
        'The technician found the fault on the line outside your building and fixed it this morning. ' +
          'Is your connection working now?',
      ),
      customer("Let me check... yes, it's up. The speed looks normal too.", 4),
      agent("Great. I've also added a credit for the three days without service to your next invoice.", 4),
      customer("Oh, that's nice, I didn't expect that. Thank you.", 5),
      agent("You're welcome. Have a nice day.", 5),
    ],
    summary:
      'Follow-up call on ticket {ticket}. The line fault outside the building was repaired; the customer ' +
      'confirmed the connection works at normal speed. A credit for three days without service was added to ' +
      'the next invoice.',
    rating: 5,
    justification: 'The customer confirmed the fix and was pleasantly surprised by the credit.',
  },
  {
    topic: 'appointment',
    direction: 'outbound',
    language: 'en_US',
    turns: [
      agent(
        "Good morning, it's {agent} from Veltra. I'm calling to confirm the technician's visit on {day}.",
      ),
      customer('Oh, right. What time was it again?'),
      agent('Between one and three in the afternoon. Does that still suit you?'),
      customer("Could it be a bit later? I'm only home from half past two.", 3),
      agent('Let me check... yes, I can move it to between three and five.', 4),
      customer("That's better, thanks.", 4),
      agent('Done. The technician will call you about thirty minutes before arriving.', 4),
    ],
    summary:
      "The agent called to confirm the technician's visit on {day}. At the customer's request the slot moved " +
      'from 1–3 pm to 3–5 pm; the technician will call about 30 minutes ahead.',
    rating: 4,
    justification: 'The customer appreciated the flexibility; the call was short and friendly.',
  },
];

const CZECH: readonly Scenario[] = [
  {
    topic: 'billing',
    direction: 'inbound',
    language: 'cs_CZ',
    turns: [
      agent('Zákaznická linka Veltra, u telefonu {agent}. Jak vám můžu pomoct?'),
      customer('Dobrý den{intro}. Poslední faktura je o {amount} vyšší než obvykle a nevím proč.', 2),
      agent('To mě mrzí, hned se na to podívám. Řeknete mi prosím číslo objednávky?'),
      customer('Ano, {order}.'),
      agent(
        'Děkuji. Na faktuře je jednorázový poplatek za instalaci nového routeru z minulého měsíce. To je ten rozdíl.',
      ),
      customer('O žádném poplatku mi ale nikdo nic neřekl.', 2),
      agent('Rozumím. Můžu vám ho bez navýšení rozložit do tří dalších faktur. Pomohlo by to?', 4),
      customer('Jo, to by šlo. Děkuju.', 4),
      agent('Hotovo, potvrzení vám ještě dnes přijde e-mailem. Můžu pro vás udělat ještě něco?', 4),
      customer('Ne, to je všechno. Na shledanou.', 4),
    ],
    summary:
      'Zákazník se ptal, proč je faktura k objednávce {order} o {amount} vyšší než obvykle. Rozdíl tvoří ' +
      'jednorázový poplatek za instalaci routeru. Poplatek byl bez navýšení rozložen do tří dalších faktur, ' +
      'zákazník souhlasí a potvrzení dostane e-mailem.',
    rating: 4,
    justification:
      'Zákazník byl zpočátku rozladěný z nevysvětleného poplatku, ale nabídku splátek přijal a hovor ukončil ' +
      'zdvořile.',
  },
  {
    topic: 'delivery',
    direction: 'inbound',
    language: 'cs_CZ',
    turns: [
      agent('Dobrý den, Veltra, u telefonu {agent}.'),
      customer('Dobrý den{intro}. Mám u vás objednanou pračku, měla přijet včera a nikdo nepřijel.', 2),
      agent('To je mi líto. Jaké je číslo objednávky, prosím?'),
      customer('{order}.'),
      agent(
        'Už to vidím. Dopravce zásilku zdržel na depu. Nový termín doručení je {dayOn} mezi osmou a dvanáctou.',
      ),
      customer('Zase dopoledne? To si budu muset znovu vzít volno.', 1),
      agent('Chápu, že je to nepříjemné. Můžu nabídnout večerní termín, ten by ale byl o den později.'),
      customer('Ne, nechte to na {dayAcc}. Ale ať tentokrát opravdu přijedou.', 2),
      agent('Pro dopravce je v objednávce poznámka a hodinu před příjezdem vám přijde SMS.', 4),
      customer('Dobře. Děkuju.', 3),
    ],
    summary:
      'Objednávka {order} nebyla doručena v termínu, protože ji dopravce zdržel na depu. Doručení bylo ' +
      'přeplánováno na {dayAcc} dopoledne a dopravce má v objednávce poznámku; hodinu před příjezdem přijde ' +
      'zákazníkovi SMS. Zákazník je nespokojený, že si musí znovu vzít volno.',
    rating: 3,
    justification:
      'Problém se vyřešil novým termínem, ale zákazník zůstal nespokojený se zpožděním a s tím, že si musí ' +
      'znovu brát volno.',
  },
  {
    topic: 'outage',
    direction: 'inbound',
    language: 'cs_CZ',
    turns: [
      agent('Technická podpora Veltra, u telefonu {agent}.'),
      customer('Dobrý den{intro}. Od rána mi nejde internet a pracuju z domova. Už podruhé tento týden.', 1),
      agent('Omlouvám se, to je opravdu nepříjemné. Pomohl restart routeru?'),
      customer('Ne, restart už byl dvakrát a kontrolka pořád svítí červeně.', 2),
      agent(
        'Děkuji. Ve vaší lokalitě evidujeme výpadek a technici už na něm pracují. Oprava by měla být hotová ' +
          'kolem čtvrté odpoledne.',
      ),
      customer('Až ve čtyři? Mám celý den schůzky. To nejde nějak urychlit?', 1),
      agent(
        'Opravu bohužel urychlit nemůžu, ale pošlu vám poukaz na mobilní data na dnešek a za výpadek vám ' +
          'připíšu kredit.',
        3,
      ),
      customer('Tak ten poukaz pošlete. Ale jestli se to bude opakovat, smlouvu zruším.', 2),
      agent('Rozumím. Váš požadavek má číslo {ticket} a jakmile linka naběhne, přijde vám SMS.', 3),
    ],
    summary:
      'Zákazníkovi od rána nefunguje internet, tento týden už podruhé. V lokalitě je evidovaný výpadek, oprava ' +
      'se čeká kolem 16:00. Zákazník dostal poukaz na mobilní data a kredit za výpadek, otevřen je požadavek ' +
      '{ticket}. Zákazník hrozí zrušením smlouvy, pokud se výpadek zopakuje.',
    rating: 2,
    justification:
      'Zákazník zůstal frustrovaný: opravu nešlo urychlit a zmínil zrušení smlouvy; poukaz pomohl jen částečně.',
  },
  {
    topic: 'moving',
    direction: 'inbound',
    language: 'cs_CZ',
    turns: [
      agent('Dobré odpoledne, zákaznická linka Veltra, u telefonu {agent}.'),
      customer('Dobrý den{intro}. Příští měsíc se stěhuju a potřebuju převést smlouvu na novou adresu.', 4),
      agent('Gratuluju k novému bydlení! Můžu to vyřídit hned teď. Jaká je nová adresa?', 4),
      customer('Javorová 14, byt číslo 3, pořád ve stejném městě.'),
      agent('Výborně, služba je tam dostupná. Od kdy to má platit?', 4),
      customer('Od prvního příštího měsíce, prosím.'),
      agent('Hotovo: od prvního a bez poplatku. Upravenou smlouvu vám pošlu e-mailem.', 5),
      customer('Super, to bylo rychlé. Moc děkuju!', 5),
    ],
    summary:
      'Zákazník se stěhuje a požádal o převod smlouvy na adresu Javorová 14, byt 3. Dostupnost služby je ' +
      'ověřená a převod je naplánovaný od prvního dne příštího měsíce bez poplatku; upravená smlouva přijde ' +
      'e-mailem.',
    rating: 5,
    justification: 'Požadavek byl vyřízen rychle a bez poplatku; zákazník na konci srdečně poděkoval.',
  },
  {
    topic: 'refund',
    direction: 'inbound',
    language: 'cs_CZ',
    turns: [
      agent('Veltra, u telefonu {agent}, co pro vás můžu udělat?'),
      customer(
        'Dobrý den{intro}. Rychlovarná konvice od vás po dvou týdnech přestala fungovat. Vůbec se nezapne.',
        2,
      ),
      agent('To mě mrzí. Samozřejmě se na ni vztahuje záruka. Máte číslo objednávky?'),
      customer('Ano, {order}.'),
      agent('Děkuji. Chcete výměnu, nebo vrácení peněz?'),
      customer('Radši vrácení peněz. Stejný model už nechci.', 2),
      agent(
        'Dobře. Pošlu vám štítek na bezplatné vrácení. Jakmile konvice dorazí, vrátíme vám {amount} na kartu ' +
          'do pěti dnů.',
        4,
      ),
      customer('Dobře, to mi vyhovuje.', 4),
    ],
    summary:
      'Rychlovarná konvice z objednávky {order} po dvou týdnech přestala fungovat. Zákazník zvolil vrácení ' +
      'peněz místo výměny; dostane štítek na bezplatné vrácení a do pěti dnů po doručení konvice mu přijde ' +
      '{amount} na kartu.',
    rating: 4,
    justification: 'Zákazník byl zklamaný z výrobku, ale s rychlým vyřízením reklamace byl spokojený.',
  },
  {
    topic: 'callback',
    direction: 'outbound',
    language: 'cs_CZ',
    turns: [
      agent('Dobrý den, tady {agent} z Veltry. Volám ohledně vašeho požadavku {ticket}, hodí se vám to teď?'),
      customer('Ano, povídejte.'),
      agent(
        'Technik našel závadu na vedení před vaším domem a dnes ráno ji opravil. Funguje vám už připojení?',
      ),
      customer('Moment, zkusím to... ano, jede. I rychlost vypadá normálně.', 4),
      agent('Výborně. Za tři dny bez služby vám navíc připíšu kredit na příští fakturu.', 4),
      customer('To je milé překvapení, děkuju.', 5),
      agent('Není zač. Hezký den.', 5),
    ],
    summary:
      'Zpětné volání k požadavku {ticket}. Závada na vedení před domem je opravená a zákazník ověřil, že ' +
      'připojení funguje v normální rychlosti. Za tři dny bez služby byl na příští fakturu připsán kredit.',
    rating: 5,
    justification: 'Zákazník potvrdil funkční připojení a kredit ho mile překvapil.',
  },
  {
    topic: 'appointment',
    direction: 'outbound',
    language: 'cs_CZ',
    turns: [
      agent('Dobré ráno, tady {agent} z Veltry. Volám kvůli potvrzení návštěvy technika {dayOn}.'),
      customer('Aha, jasně. V kolik to bylo?'),
      agent('Mezi jednou a třetí odpoledne. Vyhovuje vám to pořád?'),
      customer('Šlo by to trochu později? Doma jsem až od půl třetí.', 3),
      agent('Podívám se... ano, můžu to posunout na třetí až pátou.', 4),
      customer('To je lepší, děkuju.', 4),
      agent('Hotovo. Technik vám asi půl hodiny před příjezdem zavolá.', 4),
    ],
    summary:
      'Potvrzení návštěvy technika {dayOn}. Na přání zákazníka byl termín posunut z 13–15 h na 15–17 h; ' +
      'technik zavolá asi 30 minut předem.',
    rating: 4,
    justification: 'Zákazník ocenil vstřícnost; hovor byl krátký a přátelský.',
  },
];

export const SCENARIOS: readonly Scenario[] = [...ENGLISH, ...CZECH];

/** Weekday forms per language: English name; Czech "on <day>" and accusative. Monday to Friday. */
export const WEEKDAYS = {
  en_US: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
  cs_CZ_on: ['v pondělí', 'v úterý', 've středu', 've čtvrtek', 'v pátek'],
  cs_CZ_acc: ['pondělí', 'úterý', 'středu', 'čtvrtek', 'pátek'],
} as const;
