/**
 * The Czech scenarios, the same calls as the English ones. Their lines avoid gendered past tense, so they
 * read right whoever speaks.
 */
import { agentSays, customerSays, type Scenario } from './scenario';

export const CZECH_SCENARIOS: readonly Scenario[] = [
  {
    topic: 'billing',
    direction: 'inbound',
    language: 'cs_CZ',
    turns: [
      agentSays('Zákaznická linka Veltra, u telefonu {agent}. Jak vám můžu pomoct?'),
      customerSays('Dobrý den{intro}. Poslední faktura je o {amount} vyšší než obvykle a nevím proč.', 2),
      agentSays('To mě mrzí, hned se na to podívám. Řeknete mi prosím číslo objednávky?'),
      customerSays('Ano, {order}.'),
      agentSays(
        'Děkuji. Na faktuře je jednorázový poplatek za instalaci nového routeru z minulého měsíce. To je ten rozdíl.',
      ),
      customerSays('O žádném poplatku mi ale nikdo nic neřekl.', 2),
      agentSays('Rozumím. Můžu vám ho bez navýšení rozložit do tří dalších faktur. Pomohlo by to?', 4),
      customerSays('Jo, to by šlo. Děkuju.', 4),
      agentSays('Hotovo, potvrzení vám ještě dnes přijde e-mailem. Můžu pro vás udělat ještě něco?', 4),
      customerSays('Ne, to je všechno. Na shledanou.', 4),
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
      agentSays('Dobrý den, Veltra, u telefonu {agent}.'),
      customerSays('Dobrý den{intro}. Mám u vás objednanou pračku, měla přijet včera a nikdo nepřijel.', 2),
      agentSays('To je mi líto. Jaké je číslo objednávky, prosím?'),
      customerSays('{order}.'),
      agentSays(
        'Už to vidím. Dopravce zásilku zdržel na depu. Nový termín doručení je {dayOn} mezi osmou a dvanáctou.',
      ),
      customerSays('Zase dopoledne? To si budu muset znovu vzít volno.', 1),
      agentSays('Chápu, že je to nepříjemné. Můžu nabídnout večerní termín, ten by ale byl o den později.'),
      customerSays('Ne, nechte to na {dayAcc}. Ale ať tentokrát opravdu přijedou.', 2),
      agentSays('Pro dopravce je v objednávce poznámka a hodinu před příjezdem vám přijde SMS.', 4),
      customerSays('Dobře. Děkuju.', 3),
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
      agentSays('Technická podpora Veltra, u telefonu {agent}.'),
      customerSays(
        'Dobrý den{intro}. Od rána mi nejde internet a pracuju z domova. Už podruhé tento týden.',
        1,
      ),
      agentSays('Omlouvám se, to je opravdu nepříjemné. Pomohl restart routeru?'),
      customerSays('Ne, restart už byl dvakrát a kontrolka pořád svítí červeně.', 2),
      agentSays(
        'Děkuji. Ve vaší lokalitě evidujeme výpadek a technici už na něm pracují. Oprava by měla být hotová ' +
          'kolem čtvrté odpoledne.',
      ),
      customerSays('Až ve čtyři? Mám celý den schůzky. To nejde nějak urychlit?', 1),
      agentSays(
        'Opravu bohužel urychlit nemůžu, ale pošlu vám poukaz na mobilní data na dnešek a za výpadek vám ' +
          'připíšu kredit.',
        3,
      ),
      customerSays('Tak ten poukaz pošlete. Ale jestli se to bude opakovat, smlouvu zruším.', 2),
      agentSays('Rozumím. Váš požadavek má číslo {ticket} a jakmile linka naběhne, přijde vám SMS.', 3),
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
      agentSays('Dobré odpoledne, zákaznická linka Veltra, u telefonu {agent}.'),
      customerSays(
        'Dobrý den{intro}. Příští měsíc se stěhuju a potřebuju převést smlouvu na novou adresu.',
        4,
      ),
      agentSays('Gratuluju k novému bydlení! Můžu to vyřídit hned teď. Jaká je nová adresa?', 4),
      customerSays('Javorová 14, byt číslo 3, pořád ve stejném městě.'),
      agentSays('Výborně, služba je tam dostupná. Od kdy to má platit?', 4),
      customerSays('Od prvního příštího měsíce, prosím.'),
      agentSays('Hotovo: od prvního a bez poplatku. Upravenou smlouvu vám pošlu e-mailem.', 5),
      customerSays('Super, to bylo rychlé. Moc děkuju!', 5),
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
      agentSays('Veltra, u telefonu {agent}, co pro vás můžu udělat?'),
      customerSays(
        'Dobrý den{intro}. Rychlovarná konvice od vás po dvou týdnech přestala fungovat. Vůbec se nezapne.',
        2,
      ),
      agentSays('To mě mrzí. Samozřejmě se na ni vztahuje záruka. Máte číslo objednávky?'),
      customerSays('Ano, {order}.'),
      agentSays('Děkuji. Chcete výměnu, nebo vrácení peněz?'),
      customerSays('Radši vrácení peněz. Stejný model už nechci.', 2),
      agentSays(
        'Dobře. Pošlu vám štítek na bezplatné vrácení. Jakmile konvice dorazí, vrátíme vám {amount} na kartu ' +
          'do pěti dnů.',
        4,
      ),
      customerSays('Dobře, to mi vyhovuje.', 4),
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
      agentSays(
        'Dobrý den, tady {agent} z Veltry. Volám ohledně vašeho požadavku {ticket}, hodí se vám to teď?',
      ),
      customerSays('Ano, povídejte.'),
      agentSays(
        'Technik našel závadu na vedení před vaším domem a dnes ráno ji opravil. Funguje vám už připojení?',
      ),
      customerSays('Moment, zkusím to... ano, jede. I rychlost vypadá normálně.', 4),
      agentSays('Výborně. Za tři dny bez služby vám navíc připíšu kredit na příští fakturu.', 4),
      customerSays('To je milé překvapení, děkuju.', 5),
      agentSays('Není zač. Hezký den.', 5),
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
      agentSays('Dobré ráno, tady {agent} z Veltry. Volám kvůli potvrzení návštěvy technika {dayOn}.'),
      customerSays('Aha, jasně. V kolik to bylo?'),
      agentSays('Mezi jednou a třetí odpoledne. Vyhovuje vám to pořád?'),
      customerSays('Šlo by to trochu později? Doma jsem až od půl třetí.', 3),
      agentSays('Podívám se... ano, můžu to posunout na třetí až pátou.', 4),
      customerSays('To je lepší, děkuju.', 4),
      agentSays('Hotovo. Technik vám asi půl hodiny před příjezdem zavolá.', 4),
    ],
    summary:
      'Potvrzení návštěvy technika {dayOn}. Na přání zákazníka byl termín posunut z 13–15 h na 15–17 h; ' +
      'technik zavolá asi 30 minut předem.',
    rating: 4,
    justification: 'Zákazník ocenil vstřícnost; hovor byl krátký a přátelský.',
  },
];
