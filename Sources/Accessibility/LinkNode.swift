import CAccessibility
import CAtk
import DocumentKit

/// A link in a block's text: its words, its target as the description and `href`, and the
/// `jump` action that follows it (the action name browsers give links): within the document
/// the caret goes with it; another document or a web address opens as a tap opens it.
final class LinkNode: AccessibleNode {
    let link: AccessibleLink
    private let location: AccessibleBlockLocation
    unowned let document: DocumentNode
    private let content: AccessibleText

    init(link: AccessibleLink, in block: AccessibleBlock, document: DocumentNode, parent: AccessibleNode) {
        self.link = link
        location = block.location
        self.document = document
        let scalars = Array(block.text.unicodeScalars)
        let range = min(link.characterRange.lowerBound, scalars.count)..<min(link.characterRange.upperBound, scalars.count)
        var words = String.UnicodeScalarView()
        words.append(contentsOf: scalars[range])
        content = AccessibleText(String(words))
        super.init(role: ATK_ROLE_LINK, interfaces: [.text, .action, .component], name: String(words), parent: parent)
        atk_object_set_description(accessible, link.target)
        setAttribute("href", link.target)
    }

    override var extraStates: [AtkStateType] { [ATK_STATE_FOCUSABLE, ATK_STATE_READ_ONLY] }
    override var text: AccessibleText? { content }
    override var frame: AccessibleRect? { document.model.frame(of: location) }

    override var actions: [AccessibleAction] {
        let document = self.document, target = link.target, location = self.location
        return [AccessibleAction(name: "jump", description: "Follow the link to \(target)") {
            guard let destination = document.model.destination(ofLink: target, from: location) else {
                return !target.hasPrefix("#") && document.model.followLink(target)
            }
            document.go(to: destination)
            return true
        }]
    }
}
