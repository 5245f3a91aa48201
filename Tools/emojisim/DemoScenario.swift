/// The built-in demo scenario, embedded so that `swift run emojisim` needs no files.
/// It walks the seeds' main flow: the conversation, the text view and the system
/// keyboard, the switch to the emoji panel, inserting and deleting emoji at the caret,
/// a fling to the next page, a long-press preview that follows the finger, sending,
/// and an incoming message whose GIFs animate while visible.
enum DemoScenario {
    static let name = "demo.scenario"
    static let text = """
    # EmojiSim demo (docs/SCENARIOS.md describes the language)
    device iphone8
    theme light
    catalog demo
    conversation demo
    snapshot 01-conversation

    # The text view takes the system keyboard.
    tap input
    settle
    expect keyboard system
    type "你好"
    expect send enabled

    # The toggle swaps in the emoji keyboard; emoji insert at the caret.
    tap toggle
    settle
    expect keyboard emoji
    snapshot 02-emoji-keyboard
    tap panel.emoji 笑哭
    tap panel.emoji 哈哈
    expect input "你好[笑哭][哈哈]"
    tap panel.delete
    expect input "你好[笑哭]"

    # A fling to the next page snaps to it.
    swipe panel left at 1200pt/s
    settle
    expect panel.page 1

    # A long press previews the emoji under the finger; sliding moves the preview.
    press panel.cell 0 0
    wait 400ms
    expect preview 白眼
    snapshot 03-preview
    move panel.cell 0 2 over 200ms
    wait 100ms
    release
    expect preview none

    # Back to the system keyboard, finish the message and send it.
    tap input
    settle
    expect keyboard system
    type " 再见"
    tap send
    settle
    expect list.last "你好[笑哭] 再见"
    expect send disabled
    expect input ""

    # An incoming message with animated emoji: its GIFs play while it is visible.
    receive "看这个[f056][哈哈]"
    settle
    wait 1s
    snapshot 04-received
    """
}
