/// Snippets synthetic messages are assembled from, per writing system.
///
/// Written for this project; they exercise what chat text exercises in a line breaker:
/// punctuation and quotes, numbers with separators, URLs, CJK without spaces, Indic
/// conjuncts, Arabic, and emoji with skin tones, ZWJ and flags.
enum PhraseBank {
  static let english = [
    "hey, are you around?", "sounds good to me", "I'll push the fix after lunch.",
    "can you take a look at PR #4821 when you get a sec?", "lol that's exactly what happened",
    "the deploy finished in 3m 42s", "meeting moved to 14:30 — same room",
    "did anyone else see the alert at 02:17?", "ok", "thanks!", "on my way",
    "I think the cache key is missing the width", "let's sync tomorrow morning",
    "see https://example.com/docs/layout#incremental for the details",
    "numbers look better: 1,024 items in 0.8 ms", "brb", "\"works on my machine\" strikes again",
    "running late, start without me", "can we revert to v2.3.1 for now?",
    "that's a great idea, let's try it", "I'm not sure; it depends on the diff size",
    "weekend plans? thinking of hiking if the weather holds", "yes", "no worries",
    "the build is green again ✅", "who broke main? (asking for a friend)",
  ]

  static let russian = [
    "привет, как дела?", "сегодня созвон в 15:00", "я посмотрю вечером", "отлично, спасибо!",
    "кто-нибудь видел новый отчёт?", "давай перенесём на завтра", "всё работает, можно выкатывать",
    "нужно ещё немного времени", "хорошо", "согласен с предыдущим сообщением",
  ]

  static let japanese = [
    "おはようございます！", "了解です。", "今日の会議は十五時からです。", "ありがとうございます、助かりました。",
    "少し遅れます。", "新しいバージョンを試してみました。", "週末はどうしますか？", "いいですね！",
    "東京は今日も雨です。", "資料を共有しました。",
  ]

  static let chinese = [
    "你好！", "我马上到。", "这个问题已经修好了。", "明天上午开会吧。", "谢谢你的帮助！",
    "我们再讨论一下。", "今天的数据看起来不错。", "好的，没问题。",
  ]

  static let hindi = [
    "नमस्ते!", "आज मीटिंग कितने बजे है?", "ठीक है, मैं देख लूँगा।", "धन्यवाद!",
    "कल मिलते हैं।", "यह बहुत अच्छा है।", "मुझे थोड़ा समय चाहिए।",
  ]

  static let arabic = [
    "مرحبا!", "صباح الخير", "شكرا جزيلا", "سأرسل الملف بعد قليل", "هل الاجتماع اليوم؟",
    "كل شيء يعمل الآن", "إلى اللقاء",
  ]

  static let emoji = [
    "😂", "👍🏽", "🎉", "❤️", "🙏", "👨‍👩‍👧‍👦", "🇯🇵", "🇺🇦", "🔥", "🤔", "👩🏻‍💻", "✨", "😅", "🚀", "1️⃣",
  ]
}
